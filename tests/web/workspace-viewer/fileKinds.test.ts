import { describe, expect, it } from "vitest";
import { extensionOf, fileKind, hasRenderedPreview, isPreviewedKind } from "../../../web/features/workspace/viewer/fileKinds";

describe("file kind detection (spec 03 §2.3 viewer by file kind)", () => {
  it.each([
    ["logo.PNG", "image"],
    ["icons/arrow.svg", "svg"],
    ["clip.mp4", "video"],
    ["voice.mp3", "audio"],
    ["spec.pdf", "pdf"],
    ["README.md", "markdown"],
    ["index.html", "html"],
    ["report.docx", "docx"],
    ["sheet.xlsx", "spreadsheet"],
    ["old.xls", "spreadsheet"],
    ["slides.pptx", "binary"],
    ["bundle.zip", "binary"],
    ["src/app.tsx", "text"],
    ["data.csv", "csv"],
    ["notes.txt", "text"],
    ["Makefile", "text"],
    [".env", "text"],
    ["archive.tar.gz", "binary"],
  ])("%s is %s", (name, kind) => {
    expect(fileKind(name)).toBe(kind);
  });

  it("reads the extension of the last path segment only", () => {
    expect(extensionOf("my.dir/Dockerfile")).toBe("");
    expect(extensionOf("a/b.c/d.TS")).toBe("ts");
    expect(extensionOf(".gitignore")).toBe("");
  });

  it("tells the kinds the file preview shows and the ones with a Source/Preview toggle", () => {
    expect(["image", "svg", "video", "audio", "pdf", "docx", "spreadsheet", "csv"].every((k) => isPreviewedKind(k as never))).toBe(true);
    expect(isPreviewedKind("text")).toBe(false);
    expect(isPreviewedKind("html")).toBe(false);
    expect(hasRenderedPreview("markdown")).toBe(true);
    expect(hasRenderedPreview("html")).toBe(true);
    expect(hasRenderedPreview("text")).toBe(false);
  });
});
