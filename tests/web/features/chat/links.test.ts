import { describe, expect, it } from "vitest";
import { classifyLink, PREVIEWABLE_EXTENSIONS } from "../../../../web/features/chat/model/links";

const ORIGIN = "https://chat.example.com";
const ATTACHMENT = "/api/chat-attachments/chat_1/attach_0123456789abcdef0123456789abcdef";

describe("classifyLink", () => {
  it.each([
    "javascript:window.__pwned=1",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    " javascript:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "blob:https://chat.example.com/123",
    "ftp://example.com/a.txt",
    "tel:+123",
    "https://user:secret@example.com/",
    "",
    "   ",
    "http://[bad",
  ])("makes %j plain text", (href) => {
    expect(classifyLink(href, ORIGIN)).toEqual({ kind: "blocked" });
  });

  it("blocks a link without an address at all", () => {
    expect(classifyLink(undefined, ORIGIN)).toEqual({ kind: "blocked" });
    expect(classifyLink(null, ORIGIN)).toEqual({ kind: "blocked" });
  });

  it("opens other sites in a new tab, including their files and protocol-relative addresses", () => {
    expect(classifyLink("https://example.org/docs", ORIGIN)).toEqual({ kind: "external", url: "https://example.org/docs" });
    expect(classifyLink("http://example.org/report.pdf", ORIGIN)).toEqual({ kind: "external", url: "http://example.org/report.pdf" });
    expect(classifyLink("//evil.example/a.png", ORIGIN)).toEqual({ kind: "external", url: "https://evil.example/a.png" });
  });

  it("keeps mail links", () => {
    expect(classifyLink("mailto:bob@example.com", ORIGIN)).toEqual({ kind: "mailto", url: "mailto:bob@example.com" });
  });

  it("follows pages of the app in place, relative or absolute", () => {
    expect(classifyLink("/en/home?chatId=c1#m2", ORIGIN)).toEqual({ kind: "internal", url: `${ORIGIN}/en/home?chatId=c1#m2`, path: "/en/home?chatId=c1#m2" });
    expect(classifyLink(`${ORIGIN}/en/usage`, ORIGIN)).toMatchObject({ kind: "internal", path: "/en/usage" });
    expect(classifyLink("en/membership", ORIGIN)).toMatchObject({ kind: "internal", path: "/en/membership" });
    // A project deep link names a file in its query, but it is a page.
    expect(classifyLink("/en/home/coding-projects/p1?filePath=src/a.md", ORIGIN)).toMatchObject({ kind: "internal" });
  });

  it("opens our attachments in the preview, named by the link's text", () => {
    expect(classifyLink(ATTACHMENT, ORIGIN, "Q3 report.pdf")).toEqual({ kind: "file", url: ATTACHMENT, name: "Q3 report.pdf" });
    // Text that names no file: the preview still opens (and offers the download).
    expect(classifyLink(`${ORIGIN}${ATTACHMENT}`, ORIGIN, "the report")).toMatchObject({ kind: "file", url: ATTACHMENT });
  });

  it("opens our files with a previewable extension in the path or in a file parameter", () => {
    expect(classifyLink("/api/uploads/images/u1/img_1.png", ORIGIN)).toEqual({ kind: "file", url: "/api/uploads/images/u1/img_1.png", name: "img_1.png" });
    expect(classifyLink("/api/coding-projects/p1/file-raw?filePath=docs%2Fplan%20v2.md", ORIGIN)).toEqual({
      kind: "file",
      url: "/api/coding-projects/p1/file-raw?filePath=docs%2Fplan%20v2.md",
      name: "plan v2.md",
    });
    expect(classifyLink("/files/notes%20final.TXT", ORIGIN)).toMatchObject({ kind: "file", name: "notes final.TXT" });
  });

  it("sends other API addresses to a tab of their own instead of replacing the app", () => {
    expect(classifyLink("/api/auth/session", ORIGIN)).toEqual({ kind: "external", url: `${ORIGIN}/api/auth/session` });
    expect(classifyLink("/api/coding-projects/p1/file-raw?filePath=bin/tool", ORIGIN)).toMatchObject({ kind: "external" });
  });

  it("knows the spec's previewable extensions", () => {
    for (const ext of [
      "pdf",
      "doc",
      "docx",
      "xls",
      "xlsx",
      "ppt",
      "pptx",
      "txt",
      "md",
      "csv",
      "json",
      "xml",
      "html",
      "htm",
      "png",
      "jpg",
      "mp4",
      "mp3",
      "zip",
      "rar",
      "7z",
      "tar",
      "gz",
    ]) {
      expect(PREVIEWABLE_EXTENSIONS.has(ext), ext).toBe(true);
    }
    expect(PREVIEWABLE_EXTENSIONS.has("exe")).toBe(false);
  });
});
