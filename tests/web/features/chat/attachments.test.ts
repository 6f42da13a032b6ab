import { describe, expect, it } from "vitest";
import { ATTACHMENT_MAX_BYTES } from "../../../../contract";
import { formatFileSize, isImage, issueText, MAX_ATTACHMENTS, screenshotName, validateFiles } from "../../../../web/features/chat/model/attachments";
import { translator } from "./translate";

const t = translator();
const file = (name: string, size = 1000, type = "") => ({ name, size, type });
const SUPPORTED = "jpg, png, gif, webp, svg, mp4, webm, avi, mov, pdf, txt, md, doc, docx, xls, xlsx, csv, html, ppt, pptx, zip, rar, 7z, mp3, wav, ogg, aac";

describe("attachment validation (spec 02 §5)", () => {
  it("accepts the supported types, in any letter case, including jpeg and markdown", () => {
    const names = ["a.JPG", "b.jpeg", "c.png", "d.pdf", "e.markdown", "f.md", "g.7z", "h.xlsx", "i.mp3", "j.mov", "k.html", "l.HTM"];
    const { accepted, issues } = validateFiles(
      names.map((n) => file(n)),
      0,
    );
    expect(accepted.map((f) => f.name)).toEqual(names);
    expect(issues).toEqual([]);
  });

  it("refuses other types with the spec's text", () => {
    const { accepted, issues } = validateFiles([file("setup.exe", 10, "application/x-msdownload"), file("README", 10, "text/plain")], 0);
    expect(accepted).toEqual([]);
    expect(issues.map((i) => issueText(i, t))).toEqual([
      `File type exe is not supported. Supported types: ${SUPPORTED}`,
      `File type text/plain is not supported. Supported types: ${SUPPORTED}`,
    ]);
  });

  it("refuses files over 50 MB with the spec's text, and allows exactly 50 MB", () => {
    const { accepted, issues } = validateFiles([file("big.zip", ATTACHMENT_MAX_BYTES + 1), file("edge.zip", ATTACHMENT_MAX_BYTES)], 0);
    expect(accepted.map((f) => f.name)).toEqual(["edge.zip"]);
    expect(issueText(issues[0]!, t)).toBe("File big.zip is too large (50 M). Maximum size allowed is 50 MB.");
    expect(issueText({ kind: "size", name: "v.mp4", size: 73_400_320 }, t)).toBe("File v.mp4 is too large (70 M). Maximum size allowed is 50 MB.");
  });

  it("stops at 20 attachments per message", () => {
    const { accepted, issues } = validateFiles([file("a.png"), file("b.png")], MAX_ATTACHMENTS - 1);
    expect(accepted.map((f) => f.name)).toEqual(["a.png"]);
    expect(issueText(issues[0]!, t)).toBe("At most 20 attachments per message");
  });

  it("has Chinese texts too", () => {
    expect(issueText({ kind: "size", name: "big.zip", size: ATTACHMENT_MAX_BYTES + 1 }, translator("zh"))).toBe("文件 big.zip 过大（50 M）。最大允许 50 MB。");
  });
});

describe("formatFileSize", () => {
  it("shows B, K and M", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1536)).toBe("1.5 K");
    expect(formatFileSize(2048)).toBe("2 K");
    expect(formatFileSize(5 * 1024 * 1024 + 300_000)).toBe("5.3 M");
  });
});

describe("screenshotName", () => {
  it("names pasted images screenshot-{timestamp}.{ext}", () => {
    expect(screenshotName("image/png", 1700000000000)).toBe("screenshot-1700000000000.png");
    expect(screenshotName("image/jpeg", 5)).toBe("screenshot-5.jpg");
    expect(screenshotName("image/webp", 5)).toBe("screenshot-5.webp");
  });
});

// An SVG or a file the server typed as octet-stream is a file card, not an <img>.
describe("which attachments show as pictures", () => {
  it("follows the type the server found, not the name", () => {
    expect(isImage("image/png", "a.png")).toBe(true);
    expect(isImage("image/jpeg; charset=binary", "a.jpg")).toBe(true);
    expect(isImage("image/svg+xml", "diagram.svg")).toBe(false);
    expect(isImage("image/SVG+xml", "diagram.svg")).toBe(false);
    expect(isImage("application/octet-stream", "photo.png")).toBe(false);
    expect(isImage("", "legacy.png")).toBe(true);
    expect(isImage("", "legacy.svg")).toBe(false);
  });
});
