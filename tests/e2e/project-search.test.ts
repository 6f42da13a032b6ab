import { describe, expect, it } from "vitest";
import { resizeTo, useBrowser } from "./browser.ts";
import { eventually } from "./flows.ts";
import { editorText, useProjectOwner, writeServerFile } from "./workspace-flows.ts";

const browser = useBrowser();
/** A fresh user in Acme who owns this file's projects (see useProjectOwner for why not Alice). */
const owner = useProjectOwner(browser);

const WIDGET = "import { h } from 'ui';\n\nexport function renderWidget(size: number) {\n  return h('div', 'widget of ' + size);\n}\n";

describe("project search bar", () => {
  it("finds files, symbols and content through the real host, and opens a result at its line on a desktop and on a phone", async () => {
    const page = owner().page;
    await resizeTo(page, 1280, 800);
    const shot = process.env.PROJECT_SEARCH_SHOTS;
    await owner().openFreshProject("Finder", async ({ projectId }) => {
      await writeServerFile(page, projectId, "src/widget.ts", WIDGET);
      await writeServerFile(page, projectId, "docs/widgets.md", "# Widgets\n\nEvery widget renders.\n");
    });

    await page.getByTestId("project-search-open").click();
    const input = page.getByTestId("project-search-input");
    await input.fill("widget");
    await page.getByTestId("project-search-group-content").waitFor();
    const headings = page.locator(".pss__heading");
    await eventually(() => headings.allTextContents()).toEqual(["Files (2)", "Symbols (1)", "Content (4)"]);
    if (shot) await page.screenshot({ path: `${shot}/desktop.png` });

    // Two steps down from the first file name: the symbol, which Enter opens with its name selected.
    for (let i = 0; i < 2; i++) await input.press("ArrowDown");
    expect(await page.locator('[role="option"][aria-selected="true"]').textContent()).toContain("renderWidget");
    await input.press("Enter");
    await page.getByTestId("project-search").waitFor({ state: "detached" });
    await page.getByTestId("viewer-tab-src/widget.ts").waitFor();
    await eventually(() => editorText(page)).toBe(WIDGET);
    await eventually(() => page.locator(".cm-selectionBackground").count()).toBeGreaterThan(0);

    // A failure shows the server's text.
    await page.getByTestId("project-search-open").click();
    await page.getByTestId("project-search-regex").click();
    await input.fill("(x|xx|xxx|y){300}z");
    await eventually(() => page.getByTestId("project-search-error").textContent()).toBe("Search failed: Regular expression is too complex");
    await page.getByTestId("project-search-regex").click();
    await input.press("Escape");
    expect(await input.inputValue()).toBe("");
    await input.press("Escape");
    await page.getByTestId("project-search").waitFor({ state: "detached" });

    // A phone: the box fits the screen, and opening a result switches to the files area.
    await resizeTo(page, 390, 844);
    await page.getByTestId("narrow-view-toggle").waitFor();
    if ((await page.getByTestId("workspace-layout").getAttribute("data-narrow-view")) === "files") await page.getByTestId("narrow-view-toggle").click();
    await page.getByTestId("project-search-open").click();
    await input.fill("renders");
    await page.getByTestId("project-search-group-content").waitFor();
    const box = await page.getByTestId("project-search").boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (shot) await page.screenshot({ path: `${shot}/phone.png` });
    await input.press("Enter");
    await eventually(() => page.getByTestId("workspace-layout").getAttribute("data-narrow-view")).toBe("files");
    await page.getByTestId("viewer-tab-docs/widgets.md").waitFor();
    await eventually(() => page.locator(".cm-activeLine").first().textContent()).toBe("Every widget renders.");
    if (shot) await page.screenshot({ path: `${shot}/phone-opened.png` });
  });
});
