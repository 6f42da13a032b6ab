import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPerson, resizeTo, useBrowser } from "./browser.ts";
import { ALICE, eventually, openUserMenu, sendText, signInToAcme, uniqueName } from "./flows.ts";
import { dissolveGroup, openFreshGroup, scrollsSideways, sendFiles, textFile, watchForPayloads } from "./previews-flows.ts";

/**
 * Rich messages in Chromium (spec 02 §2.13, §2.15, §4, §5): mermaid diagrams with their states and
 * controls, links that are checked (file links open the preview), and the spacing modes.
 */

const browser = useBrowser();
const EVIL = "evil.invalid";

function message(page: Page, marker: string): Locator {
  return page.locator('[data-testid^="message-content-"]', { hasText: marker });
}

/** Sends a diagram with a marker line after it, and returns its block once the message shows. */
async function sendDiagram(page: Page, source: string, marker: string): Promise<Locator> {
  await sendText(page, `\`\`\`mermaid\n${source}\n\`\`\`\n\n${marker}`);
  const row = message(page, marker);
  await row.waitFor({ timeout: 30_000 });
  return row.getByTestId("mermaid");
}

/** The vertical padding of the message rows, as the spacing mode sets it. */
function rowPadding(page: Page, marker: string): Promise<string> {
  return page
    .locator(".msg", { has: page.locator('[data-testid^="message-content-"]', { hasText: marker }) })
    .first()
    .evaluate((row) => getComputedStyle(row).paddingTop);
}

describe("rich messages", () => {
  it("renders mermaid diagrams with zoom, full screen and export, and shows a syntax error with its source", async () => {
    const { page } = await newPerson(browser());
    await signInToAcme(page, ALICE);
    const chatId = await openFreshGroup(page, uniqueName("Diagrams"));
    try {
      const diagram = await sendDiagram(page, "graph TD\n  A[Start] --> B{Ready?}\n  B -->|yes| C[Ship it]\n  B -->|no| A", "flow r01");
      await eventually(() => diagram.getAttribute("data-phase")).toBe("rendered");
      const svg = diagram.getByTestId("mermaid-svg").locator("svg").first();
      await svg.waitFor();
      expect(await diagram.textContent()).toContain("Ship it");
      // Labels are SVG text, not HTML: nothing of a label goes through an HTML parser.
      expect(await diagram.locator("foreignObject").count()).toBe(0);

      // Zoom: 100 % → 125 %, the diagram grows; bounded at 300 %; reset.
      const scale = diagram.getByTestId("mermaid-scale");
      expect(await scale.textContent()).toBe("100%");
      const width = () => svg.evaluate((el) => el.getBoundingClientRect().width);
      const before = await width();
      await diagram.getByTestId("mermaid-zoom-in").click();
      expect(await scale.textContent()).toBe("125%");
      await eventually(width).toBeGreaterThan(before * 1.2);
      for (let i = 0; i < 12; i += 1) if (await diagram.getByTestId("mermaid-zoom-in").isEnabled()) await diagram.getByTestId("mermaid-zoom-in").click();
      expect(await scale.textContent()).toBe("300%");
      expect(await diagram.getByTestId("mermaid-zoom-in").isDisabled()).toBe(true);
      // The keyboard zooms a focused diagram too.
      await diagram.getByTestId("mermaid-viewport").focus();
      await page.keyboard.press("0");
      expect(await scale.textContent()).toBe("100%");
      await page.keyboard.press("-");
      expect(await scale.textContent()).toBe("75%");
      await diagram.getByTestId("mermaid-zoom-reset").click();
      expect(await scale.textContent()).toBe("100%");

      // Full screen: a dialog with the same controls; Escape leaves it.
      await diagram.getByTestId("mermaid-fullscreen").click();
      const full = page.getByTestId("mermaid-fullscreen-dialog");
      await full.getByTestId("mermaid-svg").locator("svg").first().waitFor();
      await full.getByTestId("mermaid-zoom-in").click();
      expect(await full.getByTestId("mermaid-scale").textContent()).toBe("125%");
      await page.keyboard.press("Escape");
      await full.waitFor({ state: "detached" });
      expect(await scale.textContent()).toBe("125%");

      // Save PNG gives a PNG; Export SVG an SVG with the diagram in it.
      const [png] = await Promise.all([page.waitForEvent("download"), diagram.getByTestId("mermaid-save-png").click()]);
      expect(png.suggestedFilename()).toMatch(/^diagram-.*\.png$/);
      const pngBytes = await (await png.createReadStream()).toArray();
      expect(Buffer.concat(pngBytes).subarray(1, 4).toString()).toBe("PNG");
      const [svgFile] = await Promise.all([page.waitForEvent("download"), diagram.getByTestId("mermaid-export-svg").click()]);
      expect(svgFile.suggestedFilename()).toMatch(/^diagram-.*\.svg$/);
      const svgText = Buffer.concat(await (await svgFile.createReadStream()).toArray()).toString();
      expect(svgText).toMatch(/^<svg[^>]+xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svgText).toContain("Ready?");

      // A broken diagram: after the spec's delay, its error text, with the source still there.
      const broken = await sendDiagram(page, "graph TD\n  A[Start --> B(((\n  }}} ]]", "broken r02");
      await eventually(() => broken.getAttribute("data-phase")).toBe("error");
      expect(await broken.getByTestId("mermaid-error").textContent()).toBe("Diagram syntax error, please check Mermaid syntax");
      expect(await broken.getByTestId("mermaid-source").textContent()).toContain("A[Start --> B(((");
      expect(await broken.getByTestId("mermaid-svg").count()).toBe(0);
    } finally {
      await dissolveGroup(page, chatId);
    }
  });

  it("never runs a diagram label or a javascript: link, and opens our file links in the preview", async () => {
    const { page } = await newPerson(browser());
    const payloads = watchForPayloads(page);
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes(EVIL)) foreign.push(request.url());
    });
    await signInToAcme(page, ALICE);
    const chatId = await openFreshGroup(page, uniqueName("Rich XSS"));
    try {
      const evil = await sendDiagram(
        page,
        [
          `%%{init: {"securityLevel": "loose", "htmlLabels": true, "themeCSS": ".node rect { fill: url(https://${EVIL}/css.png) }"}}%%`,
          "graph TD",
          '  A["<img src=x onerror=window.__pwned=1>"] --> B["<script>window.__pwned=2</script>"]',
          '  click A href "javascript:window.__pwned=3"',
          '  click B call alert("pwned")',
        ].join("\n"),
        "labels x01",
      );
      await eventually(() => evil.getAttribute("data-phase")).toBe("rendered");
      await sendText(page, `[x](javascript:window.__pwned=1) [y](data:text/html,<script>parent.__pwned=1</script>) [z](vbscript:msgbox(1)) links x02`);
      const links = message(page, "links x02");
      await links.waitFor();

      // The label shows as text (Mermaid's strict mode drops the handler from it); nothing of it became an element.
      expect((await evil.getByTestId("mermaid-svg").locator("text").allTextContents()).join(" ")).toContain("<img");
      expect(await evil.locator("img, script, foreignObject, a, [onerror], [onclick]").count()).toBe(0);
      // Clicking the diagram's nodes and the links' text does nothing either.
      for (const node of await evil.getByTestId("mermaid-svg").locator(".node").all()) await node.dispatchEvent("click");
      for (const text of ["x", "y", "z"]) await links.getByText(text, { exact: true }).click();
      expect(await links.locator("a").count()).toBe(0);
      expect(await links.getByTestId("md-blocked-link").count()).toBe(3);
      expect(await page.locator('a[href^="javascript:" i], a[href^="data:" i], a[href^="vbscript:" i]').count()).toBe(0);
      await page.waitForTimeout(300);
      await payloads.expectNothingRan();
      expect(foreign).toEqual([]);

      // A link to one of our attachments opens the file preview instead of leaving the chat.
      await sendFiles(page, [textFile("notes.txt", 3)], "attached x03");
      const history = await page.request.get(`/api/group-chats/${chatId}/messages?limit=20`);
      const fileUrl = ((await history.json()).data.messages as { attachments: { fileUrl: string }[] }[]).flatMap((m) => m.attachments)[0]!.fileUrl;
      await sendText(page, `See [notes.txt](${fileUrl}) and [the site](https://example.org/) x04`);
      const withLink = message(page, "x04");
      await withLink.waitFor();
      expect(await withLink.locator('a[href="https://example.org/"]').getAttribute("rel")).toBe("noopener noreferrer");
      expect(await withLink.locator('a[href="https://example.org/"]').getAttribute("target")).toBe("_blank");
      const url = page.url();
      await withLink.getByTestId("md-file-link").click();
      const preview = page.getByTestId("file-preview");
      await preview.waitFor();
      await eventually(() => preview.textContent()).toContain("line 3");
      expect(page.url()).toBe(url);
      await page.getByTestId("preview-close").click();
      await preview.waitFor({ state: "detached" });
      await payloads.expectNothingRan();
    } finally {
      await dissolveGroup(page, chatId);
    }
  });

  it("switches the message spacing from the user menu and keeps it, and fits a diagram on a phone", async () => {
    const { page } = await newPerson(browser());
    await signInToAcme(page, ALICE);
    const chatId = await openFreshGroup(page, uniqueName("Spacing"));
    try {
      await sendText(page, "spacing s01");
      await message(page, "spacing s01").waitFor();
      expect(await rowPadding(page, "spacing s01")).toBe("6px");

      const choose = async (mode: "compact" | "default" | "spacious") => {
        await openUserMenu(page);
        await page.getByTestId(`spacing-option-${mode}`).click();
        await page.getByTestId("user-menu").waitFor({ state: "detached" });
      };
      await choose("compact");
      await eventually(() => rowPadding(page, "spacing s01")).toBe("2px");
      await choose("spacious");
      await eventually(() => rowPadding(page, "spacing s01")).toBe("12px");
      // Kept across a reload, and shown as the chosen option.
      await page.reload();
      await message(page, "spacing s01").waitFor();
      expect(await rowPadding(page, "spacing s01")).toBe("12px");
      await openUserMenu(page);
      expect(await page.getByTestId("spacing-option-spacious").getAttribute("aria-checked")).toBe("true");
      await page.keyboard.press("Escape");

      // A wide diagram on a 390 px phone scrolls inside its own box; the page never scrolls sideways.
      await resizeTo(page, 390, 800);
      const wide = await sendDiagram(page, `graph LR\n  ${Array.from({ length: 12 }, (_, i) => `N${i}[Step number ${i}]`).join(" --> ")}`, "wide s02");
      await eventually(() => wide.getAttribute("data-phase")).toBe("rendered");
      for (let i = 0; i < 4; i += 1) await wide.getByTestId("mermaid-zoom-in").click();
      expect(await wide.getByTestId("mermaid-scale").textContent()).toBe("200%");
      const box = wide.getByTestId("mermaid-viewport");
      expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await scrollsSideways(page)).toBe(false);
    } finally {
      await dissolveGroup(page, chatId);
    }
  });
});
