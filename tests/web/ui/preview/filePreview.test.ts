// @vitest-environment happy-dom
// The file preview in happy-dom, for what Chromium's tests reach only slowly or not at all: HTML
// files and their New Tab page, the loading and failure states, the size check before a download,
// and the 2 s share feedback.
import { act, createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../../../web/i18n";
import FilePreview from "../../../../web/ui/preview/FilePreview";
import type { PreviewFile } from "../../../../web/ui/preview/types";
import { click, find, get, settle } from "../../dom-helpers";
import { useRenderHost } from "../../render-host";

const PAGE = `<!doctype html><h1>Hello page</h1><script>window.__pwned = 1</script>`;

const host = useRenderHost();

afterEach(() => {
  document.body.innerHTML = "";
});

function file(over: Partial<PreviewFile> & Pick<PreviewFile, "name">): PreviewFile {
  return { load: async () => new Blob([""]), ...over };
}

async function show(preview: PreviewFile, lang: "en" | "zh" = "en") {
  initI18n(lang);
  await host().render(createElement(FilePreview, { file: preview, presentation: "panel" }));
  await settle();
}

describe("file preview states and HTML", () => {
  it("shows an HTML file in a frame sandboxed without scripts, its source as text, and New Tab as an inert page", async () => {
    const opened: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      opened.push(blob as Blob);
      return `blob:test/${opened.length}`;
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const open = vi.spyOn(window, "open").mockImplementation(() => null);
    await show(file({ name: "page.html", load: async () => new Blob([PAGE], { type: "application/octet-stream" }) }));

    const frame = get("preview-html-frame") as HTMLIFrameElement;
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toBe(PAGE);
    expect(document.body.textContent).toContain("Scripts and forms are turned off in this preview.");

    await click("preview-mode-source");
    expect(find("preview-html-frame")).toBeNull();
    expect(get("preview-text").textContent).toContain("<script>window.__pwned = 1</script>");

    await click("html-new-tab");
    await settle();
    expect(open).toHaveBeenCalledWith("blob:test/1", "_blank", "noopener");
    const page = await opened[0]!.text();
    expect(opened[0]!.type).toBe("text/html");
    expect(page).toContain(`<iframe sandbox=""`);
    expect(page).not.toContain("<script>");
  });

  it("refuses a text file over 5 MB by its known size without downloading it", async () => {
    const load = vi.fn(async () => new Blob(["never"]));
    await show(file({ name: "huge.log", mimeType: "text/plain", size: 6 * 1_048_576, load }));
    expect(get("preview-too-large").textContent).toContain("File too large");
    expect(get("preview-too-large").textContent).toContain("This file is 6 M.");
    expect(get("preview-too-large").textContent).toContain("Maximum size for text preview is 5 MB.");
    expect(load).not.toHaveBeenCalled();
  });

  it("checks the size again once downloaded (a workspace file's size is only known then), in Chinese too", async () => {
    await show(file({ name: "big.csv", load: async () => new Blob([new Uint8Array(21 * 1_048_576)]) }), "zh");
    expect(get("preview-too-large").textContent).toContain("文件过大");
    expect(get("preview-too-large").textContent).toContain("此预览的最大文件大小为 20 M。");
  });

  it("says which kind failed to load, with Download", async () => {
    await show(file({ name: "report.xlsx", load: () => Promise.reject(new Error("offline")) }));
    expect(get("preview-error").textContent).toContain("Failed to load Excel file. The file may be corrupted or in an unsupported format");
    expect(find("preview-state-download")).not.toBeNull();
  });

  it("loads again on Retry", async () => {
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error("HTTP 500");
      return new Blob(["a,b\n1,2\n"]);
    });
    await show(file({ name: "data.csv", load }));
    expect(get("preview-error").textContent).toContain("Failed to load file content");
    fail = false;
    await click(get("preview-retry"));
    await settle();
    expect(get("preview-grid").textContent).toContain("1");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("offers Preview Not Available with Download for kinds without a viewer", async () => {
    const load = vi.fn(async () => new Blob([""]));
    await show(file({ name: "slides.pptx", load }));
    expect(get("preview-not-available").textContent).toContain("Preview Not Available");
    expect(find("preview-state-download")).not.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it("shows Copied after a share for 2 s, then goes back to idle", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const writeText = vi.fn().mockResolvedValue(undefined);
      Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
      Object.defineProperty(navigator, "share", { value: undefined, configurable: true });
      await act(async () => {
        initI18n("en");
        host().root.render(createElement(FilePreview, { file: file({ name: "notes.txt", url: "/api/chat-attachments/c/a" }), presentation: "panel" }));
      });
      await act(async () => get("preview-share").click());
      expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/api/chat-attachments/c/a`);
      expect(get("preview-share-status").textContent).toBe("Copied");
      await act(async () => vi.advanceTimersByTime(1999));
      expect(get("preview-share").getAttribute("data-status")).toBe("success");
      await act(async () => vi.advanceTimersByTime(1));
      expect(get("preview-share").getAttribute("data-status")).toBe("idle");
      expect(get("preview-share-status").textContent).toBe("");
    } finally {
      vi.useRealTimers();
    }
  });
});
