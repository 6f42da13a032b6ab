import { describe, expect, it } from "vitest";
import { newPerson, resizeTo, useBrowser } from "./browser.ts";
import { ALICE, eventually, signInToAcme, uniqueName } from "./flows.ts";
import { closePreview, dissolveGroup, fixture, metadataLoaded, openFreshGroup, openPreview, scrollsSideways, sendFiles, textFile } from "./previews-flows.ts";
import { openFromExplorer, useProjectOwner } from "./workspace-flows.ts";

/**
 * The file preview (spec 02 §2.15, spec 03 §2.3) in Chromium: every kind sent as a chat attachment
 * and opened as a person would, and the workspace's viewer for the kinds it shares.
 */

const browser = useBrowser();
const owner = useProjectOwner(browser);

const FILES = [
  fixture("sample.png"),
  fixture("sample.pdf"),
  fixture("sample.docx"),
  fixture("sample.xlsx"),
  fixture("sample.csv"),
  fixture("sample.svg"),
  fixture("sample.mp4"),
  fixture("sample.mp3"),
  fixture("broken.docx"),
  fixture("broken.xlsx"),
  textFile("lines.txt", 1201),
  // 6 MB: over the 5 MB text limit (generated here, not committed).
  textFile("big-6mb.txt", 100, 6 * 1_048_576),
];

describe("file preview", () => {
  it("previews every kind of chat attachment, with the spec's failures for broken and oversized files", async () => {
    const { context, page } = await newPerson(browser());
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await signInToAcme(page, ALICE);
    const chatId = await openFreshGroup(page, uniqueName("Previews"));
    try {
      await sendFiles(page, FILES, "all kinds p01");

      // Video and audio play inline in the message, with their metadata loaded.
      await eventually(() => metadataLoaded(page, "inline-video")).toBe(true);
      await eventually(() => metadataLoaded(page, "inline-audio")).toBe(true);

      // Image: shown, zoom steps of 25 within 50–200, rotate, reset.
      let preview = await openPreview(page, "sample.png");
      const image = preview.getByTestId("preview-image");
      await eventually(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);
      await preview.getByTestId("image-zoom-in").click();
      expect(await preview.getByTestId("image-zoom").textContent()).toBe("125%");
      for (let i = 0; i < 3; i += 1) await preview.getByTestId("image-zoom-out").click();
      expect(await preview.getByTestId("image-zoom").textContent()).toBe("50%");
      expect(await preview.getByTestId("image-zoom-out").isDisabled()).toBe(true);
      await preview.getByTestId("image-rotate").click();
      expect(await image.getAttribute("data-rotation")).toBe("90");
      await preview.getByTestId("image-reset").click();
      expect(await preview.getByTestId("image-zoom").textContent()).toBe("100%");
      expect(await image.getAttribute("data-rotation")).toBe("0");

      // Share copies the attachment's link and says so; the status goes back to idle.
      await preview.getByTestId("preview-share").click();
      await eventually(() => preview.getByTestId("preview-share-status").textContent()).toBe("Copied");
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/api/chat-attachments/${chatId}/attach_[a-f0-9]{32}$`));
      await eventually(() => preview.getByTestId("preview-share").getAttribute("data-status")).toBe("idle");
      await closePreview(page);

      // PDF: an embedded frame of the file's bytes, with Refresh.
      preview = await openPreview(page, "sample.pdf");
      const pdf = preview.getByTestId("preview-pdf");
      expect(await pdf.getAttribute("src")).toMatch(/^blob:/);
      await preview.getByTestId("pdf-refresh").click();
      await preview.getByTestId("preview-pdf").waitFor();
      await closePreview(page);

      // Word document: converted to HTML, with the other tabs and Download.
      preview = await openPreview(page, "sample.docx");
      const docx = preview.getByTestId("preview-docx");
      await eventually(() => docx.textContent()).toContain("Revenue grew in every region this quarter.");
      expect(await docx.locator("h1").textContent()).toBe("Quarterly Report");
      expect(await docx.locator("a").getAttribute("href")).toBe("https://example.com/");
      expect(await docx.locator("a").getAttribute("rel")).toBe("noopener noreferrer");
      await preview.getByTestId("preview-mode-google").click();
      await preview.getByText("Google Viewer failed to load. Try downloading the file.").waitFor();
      const download = page.waitForEvent("download");
      await preview.getByTestId("preview-download").click();
      expect((await download).suggestedFilename()).toBe("sample.docx");
      await closePreview(page);

      // Spreadsheet: a selector with both sheets, lettered columns through AB.
      preview = await openPreview(page, "sample.xlsx");
      const select = preview.getByTestId("sheet-select");
      await select.waitFor();
      expect(await select.locator("option").allTextContents()).toEqual(["Revenue", "Costs"]);
      const columns = await preview.getByTestId("grid-column").allTextContents();
      expect(columns.slice(0, 3)).toEqual(["A", "B", "C"]);
      expect(columns.slice(-3)).toEqual(["Z", "AA", "AB"]);
      expect(await preview.getByTestId("preview-grid").textContent()).toContain("Month 27");
      await select.selectOption({ label: "Costs" });
      await eventually(() => preview.getByTestId("preview-grid").textContent()).toContain("Rent");
      expect(await preview.getByTestId("grid-column").allTextContents()).toEqual(["A", "B"]);
      await closePreview(page);

      // CSV: the same grid, quoted commas kept in their cell.
      preview = await openPreview(page, "sample.csv");
      await preview.getByTestId("preview-grid").waitFor();
      expect(await preview.getByTestId("grid-column").allTextContents()).toEqual(["A", "B", "C"]);
      expect(await preview.locator("td", { hasText: "Grace, Rear Admiral" }).count()).toBe(1);
      await closePreview(page);

      // SVG: drawn as an image; its source one tab away.
      preview = await openPreview(page, "sample.svg");
      const svg = preview.getByTestId("preview-svg");
      await eventually(() => svg.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(120);
      await preview.getByTestId("preview-mode-source").click();
      await eventually(() => preview.getByTestId("preview-text").textContent()).toContain('<rect x="10" y="10"');
      await closePreview(page);

      // Video and audio in the preview too.
      preview = await openPreview(page, "sample.mp4");
      await eventually(() => metadataLoaded(page, "preview-video")).toBe(true);
      await closePreview(page);
      preview = await openPreview(page, "sample.mp3");
      await eventually(() => metadataLoaded(page, "preview-audio")).toBe(true);
      await closePreview(page);

      // Text: 500 lines a page with 'Lines x - y'.
      preview = await openPreview(page, "lines.txt");
      await eventually(() => preview.getByTestId("text-lines").textContent()).toBe("Lines 1 - 500");
      await preview.getByTestId("text-page-next").click();
      expect(await preview.getByTestId("text-lines").textContent()).toBe("Lines 501 - 1000");
      expect(await preview.getByTestId("preview-text").locator("li").first().textContent()).toBe("line 501");
      await preview.getByTestId("text-page-next").click();
      expect(await preview.getByTestId("text-lines").textContent()).toBe("Lines 1001 - 1201");
      await closePreview(page);

      // A 6 MB text file is refused with its size and the limit; Download stays.
      preview = await openPreview(page, "big-6mb.txt");
      const tooLarge = preview.getByTestId("preview-too-large");
      await tooLarge.waitFor();
      expect(await tooLarge.textContent()).toContain("File too large");
      expect(await tooLarge.textContent()).toContain("This file is 6 M.");
      expect(await tooLarge.textContent()).toContain("Maximum size for text preview is 5 MB.");
      expect(await preview.getByTestId("preview-download").isVisible()).toBe(true);
      await closePreview(page);

      // Broken office files fail with the spec's texts and offer the download.
      preview = await openPreview(page, "broken.docx");
      await preview.getByText("Failed to load Office document. You can try downloading or viewing in browser").waitFor();
      expect(await preview.getByTestId("preview-state-download").isVisible()).toBe(true);
      await closePreview(page);
      preview = await openPreview(page, "broken.xlsx");
      await preview.getByText("Failed to load Excel file. The file may be corrupted or in an unsupported format").waitFor();
      expect(await preview.getByTestId("preview-state-download").isVisible()).toBe(true);
      await closePreview(page);

      // On a 390 px phone the preview fills the screen and nothing scrolls sideways.
      await resizeTo(page, 390, 844);
      // (The app's layout switches to the phone layout once it sees the new width.)
      await eventually(() => scrollsSideways(page)).toBe(false);
      preview = await openPreview(page, "sample.xlsx");
      await preview.getByTestId("preview-grid").waitFor();
      const box = (await preview.boundingBox())!;
      expect(box.width).toBe(390);
      expect(box.x).toBe(0);
      expect(await scrollsSideways(page)).toBe(false);
      // Every header control is inside the screen.
      for (const id of ["preview-download", "preview-share", "preview-close"]) {
        const control = (await preview.getByTestId(id).boundingBox())!;
        expect(control.x + control.width).toBeLessThanOrEqual(390);
      }
      await page.keyboard.press("Escape");
      await page.getByTestId("file-preview").waitFor({ state: "detached" });
    } finally {
      await dissolveGroup(page, chatId);
      await context.close();
    }
  }, 180_000);

  it("shows workspace sheets, documents and SVG in the same viewer, and HTML in a frame without scripts", async () => {
    const page = owner().page;
    await owner().openFreshProject("Preview");
    const uploads = [fixture("sample.xlsx"), fixture("sample.docx"), fixture("sample.svg"), fixture("sample.html"), fixture("sample.csv")];
    await page.getByTestId("explorer-upload-input").setInputFiles(uploads);
    for (const file of uploads) await page.getByTestId(`explorer-node-${file.name}`).waitFor({ timeout: 30_000 });

    await page.getByTestId("explorer-node-sample.xlsx").click();
    const panel = page.getByTestId("file-preview");
    await eventually(() => panel.getByTestId("sheet-select").locator("option").count()).toBe(2);
    expect(await panel.getAttribute("data-kind")).toBe("spreadsheet");

    await page.getByTestId("explorer-node-sample.docx").click();
    await eventually(() => page.getByTestId("preview-docx").textContent()).toContain("Quarterly Report");

    await page.getByTestId("explorer-node-sample.csv").click();
    await eventually(() => page.getByTestId("grid-column").allTextContents()).toEqual(["A", "B", "C"]);

    await page.getByTestId("explorer-node-sample.svg").click();
    await eventually(() => page.getByTestId("preview-svg").evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(120);

    // HTML stays editable; its Preview is a frame sandboxed without scripts or same-origin rights.
    await openFromExplorer(page, "sample.html");
    await page.getByTestId("markup-preview").click();
    const frame = page.getByTestId("preview-html-frame");
    expect(await frame.getAttribute("sandbox")).toBe("");
    await page.frameLocator('[data-testid="preview-html-frame"]').getByRole("heading", { name: "Hello from the HTML fixture" }).waitFor();
  }, 180_000);
});
