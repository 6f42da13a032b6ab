import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newPerson, useBrowser } from "./browser.ts";
import { ALICE, eventually, signInToAcme, uniqueName } from "./flows.ts";
import { closePreview, dissolveGroup, fixture, openFreshGroup, openPreview, sendFiles, watchForPayloads } from "./previews-flows.ts";
import { openFromExplorer, useProjectOwner } from "./workspace-flows.ts";

/**
 * Hostile files in the preview, in Chromium: an SVG with a script and onload, a Word document whose
 * text and link are payloads, a CSV with formulas and markup, an HTML page (sent in a message and
 * opened in the workspace) whose script reaches for the app, and a file name that is markup. Each tries to set `window.__pwned`, a cookie or to
 * open a dialog; none may.
 */

const browser = useBrowser();
const owner = useProjectOwner(browser);

// No double quote: Chromium sends one in a multipart file name as %22.
const EVIL_NAME = `<img src=x onerror=window.__pwned='name'>.txt`;

/**
 * The preview's frame of xss.html: sandboxed with no rights at all, the page drawn, and nothing in it
 * ran (its own window has no marker, its title is unchanged); its javascript: link is clicked too.
 */
async function expectInertHtmlFrame(page: Page): Promise<void> {
  expect(await page.getByTestId("preview-html-frame").getAttribute("sandbox")).toBe("");
  const frame = page.frameLocator('[data-testid="preview-html-frame"]');
  await frame.getByRole("heading", { name: "XSS fixture page" }).waitFor();
  const inner = page.frames().find((f) => f !== page.mainFrame())!;
  expect(await inner.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(await inner.evaluate(() => document.title)).not.toBe("XSS-RAN");
  await frame.locator("#evil-link").click();
}

/** Alice in a fresh group with Bob, watched for payloads; the group is dissolved afterwards (her plan holds three). */
async function inFreshGroup(
  prefix: string,
  body: (scene: { context: BrowserContext; page: Page; seen: ReturnType<typeof watchForPayloads>; chatId: string }) => Promise<void>,
): Promise<void> {
  const { context, page } = await newPerson(browser());
  const seen = watchForPayloads(page);
  await signInToAcme(page, ALICE);
  const chatId = await openFreshGroup(page, uniqueName(prefix));
  try {
    await body({ context, page, seen, chatId });
  } finally {
    await dissolveGroup(page, chatId);
    await context.close();
  }
}

describe("file preview XSS corpus", () => {
  it("shows hostile attachments inert: SVG as an image, document and CSV text as text, a markup name as a name", async () => {
    await inFreshGroup("Preview XSS", async ({ context, page, seen }) => {
      await sendFiles(
        page,
        [fixture("xss.svg"), fixture("xss.docx"), fixture("xss.csv"), { name: EVIL_NAME, mimeType: "text/plain", buffer: Buffer.from("harmless body\n") }],
        "hostile files x01",
      );

      // SVG: drawn by an <img> (its script and onload never run), its source shown as text.
      let preview = await openPreview(page, "xss.svg");
      const svg = preview.getByTestId("preview-svg");
      await eventually(() => svg.evaluate((img) => (img as HTMLImageElement).complete)).toBe(true);
      expect(await svg.evaluate((img) => img.tagName)).toBe("IMG");
      await preview.getByTestId("preview-mode-source").click();
      await eventually(() => preview.getByTestId("preview-text").textContent()).toContain("<script>window.__pwned='svg-script'");
      // Open in new tab: an inert page holding the SVG as an image.
      const svgTab = context.waitForEvent("page");
      await preview.getByTestId("preview-open-new-tab").click();
      const tab = await svgTab;
      const tabSeen = watchForPayloads(tab);
      await tab.waitForLoadState();
      await tab.locator("img").waitFor();
      await tabSeen.expectNothingRan();
      await tab.close();
      await closePreview(page);

      // Word document: its markup arrives as text, its javascript: link loses the href.
      preview = await openPreview(page, "xss.docx");
      const docx = preview.getByTestId("preview-docx");
      await eventually(() => docx.textContent()).toContain(`<img src=x onerror="window.__pwned='docx-img'"> plain text payload`);
      expect(await docx.textContent()).toContain("<script>window.__pwned='docx-script'</script> second payload");
      expect(await docx.locator("img, script, [onerror], [onload]").count()).toBe(0);
      const link = docx.getByText("javascript link payload");
      expect(await link.evaluate((a) => a.getAttribute("href"))).toBeNull();
      await link.click();
      await closePreview(page);

      // CSV: formulas and markup are cell text.
      preview = await openPreview(page, "xss.csv");
      await preview.getByTestId("preview-grid").waitFor();
      const grid = preview.getByTestId("preview-grid");
      expect(await grid.textContent()).toContain(`=HYPERLINK("javascript:window.__pwned='csv'","click")`);
      expect(await grid.textContent()).toContain("<script>window.__pwned='csv-script'</script>");
      expect(await grid.locator("a, img, script").count()).toBe(0);
      await closePreview(page);

      // A file name that is markup is shown as a name, in the card and the preview's title.
      preview = await openPreview(page, EVIL_NAME);
      await eventually(() => preview.getByTestId("preview-text").textContent()).toContain("harmless body");
      await closePreview(page);

      await page.waitForTimeout(300); // a late onerror would fire by now
      await seen.expectNothingRan();
    });
  }, 180_000);

  it("previews a hostile .html chat attachment in a sandboxed frame without running any of it", async () => {
    await inFreshGroup("Html attachment", async ({ page, seen, chatId }) => {
      await sendFiles(page, [fixture("xss.html", "report.html")], "html page h01");
      const title = await page.title();
      const preview = await openPreview(page, "report.html");
      // The page drew from the message's file, and nothing in it ran: not in its frame, not in the app.
      await expectInertHtmlFrame(page);
      // Its source is there as text.
      await preview.getByTestId("preview-mode-source").click();
      await eventually(() => preview.getByTestId("preview-text").textContent()).toContain('window.__pwned = "html-script"');
      await closePreview(page);
      await page.waitForTimeout(300); // a late onerror or onload would fire by now
      await seen.expectNothingRan();
      expect(await page.title()).toBe(title);

      // Opened directly, the file's address downloads it instead of showing a page of our origin.
      const href = await page.evaluate(async (id) => {
        const res = await fetch(`/api/group-chats/${id}/messages`, { credentials: "include" });
        const body = (await res.json()) as { data: { messages: { attachments?: { fileName: string; fileUrl: string }[] }[] } };
        return body.data.messages.flatMap((m) => m.attachments ?? []).find((a) => a.fileName === "report.html")!.fileUrl;
      }, chatId);
      const direct = await page.request.get(href);
      expect(direct.headers()["content-disposition"]).toMatch(/^attachment; filename="report\.html"/);
      expect(direct.headers()["content-type"]).toBe("application/octet-stream");
      expect(direct.headers()["content-security-policy"]).toMatch(/^sandbox;/);
    });
  }, 180_000);

  it("renders a hostile HTML page in the workspace preview without running any of it", async () => {
    const page = owner().page;
    const seen = watchForPayloads(page);
    await owner().openFreshProject("HtmlXss");
    await page.getByTestId("explorer-upload-input").setInputFiles([fixture("xss.html")]);
    await page.getByTestId("explorer-node-xss.html").waitFor({ timeout: 30_000 });
    await openFromExplorer(page, "xss.html");
    await page.getByTestId("markup-preview").click();

    await expectInertHtmlFrame(page);
    await page.waitForTimeout(300);
    await seen.expectNothingRan();
  }, 180_000);
});
