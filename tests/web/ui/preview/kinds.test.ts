import { describe, expect, it } from "vitest";
import {
  bytesFitKind,
  capGrid,
  columnLetter,
  formatFileSize,
  GRID_MAX_COLUMNS,
  GRID_MAX_ROWS,
  isTooLarge,
  previewKind,
  previewLimit,
  signatureOf,
  splitLines,
  TEXT_PREVIEW_MAX_BYTES,
  textPage,
  zoomBy,
} from "../../../../web/ui/preview/kinds";

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe("preview kind from name and type (spec 02 §2.15)", () => {
  it.each([
    ["photo.PNG", "", "image"],
    ["diagram.svg", "application/octet-stream", "svg"],
    ["clip.mp4", "video/mp4", "video"],
    ["clip.avi", "", "video"],
    ["voice.mp3", "", "audio"],
    ["spec.pdf", "", "pdf"],
    ["report.docx", "", "docx"],
    ["old.doc", "", "docx"],
    ["sheet.xlsx", "", "spreadsheet"],
    ["legacy.xls", "", "spreadsheet"],
    ["open.ods", "", "spreadsheet"],
    ["data.csv", "text/csv", "csv"],
    ["page.html", "", "html"],
    ["notes.txt", "text/plain", "text"],
    ["README.md", "text/plain", "text"],
    ["config.json", "", "text"],
    ["slides.pptx", "", "unsupported"],
    ["bundle.zip", "application/zip", "unsupported"],
    ["Makefile", "", "unsupported"],
  ])("%s (%s) is %s", (name, type, kind) => {
    expect(previewKind(name, type)).toBe(kind);
  });

  it("trusts a binary type found in the bytes over the name", () => {
    expect(previewKind("notes.txt", "image/png")).toBe("image");
    expect(previewKind("download", "application/pdf")).toBe("pdf");
    expect(previewKind("x.bin", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBe("docx");
  });

  it("never takes an active type for an image: SVG stays SVG, an unknown image type is not an image", () => {
    expect(previewKind("icon", "image/svg+xml")).toBe("svg");
    expect(previewKind("photo.png", "application/octet-stream")).toBe("image");
    expect(previewKind("thing", "image/x-unknown")).toBe("unsupported");
  });

  it("lets a text type make an unknown extension text, and parameters and case not matter", () => {
    expect(previewKind("LICENSE", "text/plain; charset=utf-8")).toBe("text");
    expect(previewKind("table", "Text/CSV")).toBe("csv");
  });
});

describe("limits (spec 02 §5, §9)", () => {
  it("refuses text over 5 MB (5242880 bytes), not at exactly 5 MB", () => {
    expect(TEXT_PREVIEW_MAX_BYTES).toBe(5_242_880);
    expect(isTooLarge("text", 5_242_880)).toBe(false);
    expect(isTooLarge("text", 5_242_881)).toBe(true);
    expect(isTooLarge("text", 6 * 1_048_576)).toBe(true);
  });

  it("caps parsed kinds at 20 MB and leaves streamed kinds unlimited", () => {
    expect(previewLimit("spreadsheet")).toBe(20 * 1_048_576);
    expect(isTooLarge("spreadsheet", 21 * 1_048_576)).toBe(true);
    expect(isTooLarge("docx", 19 * 1_048_576)).toBe(false);
    expect(previewLimit("video")).toBeNull();
    expect(isTooLarge("video", 50 * 1_048_576)).toBe(false);
    expect(isTooLarge("text", null)).toBe(false);
  });

  it("shows sizes in B, K, M", () => {
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(2048)).toBe("2 K");
    expect(formatFileSize(6 * 1_048_576)).toBe("6 M");
    expect(formatFileSize(5_242_881)).toBe("5 M");
  });

  it("zooms between 50 and 200 percent in steps of 25", () => {
    expect(zoomBy(100, 1)).toBe(125);
    expect(zoomBy(200, 1)).toBe(200);
    expect(zoomBy(75, -1)).toBe(50);
    expect(zoomBy(50, -1)).toBe(50);
  });
});

describe("text pages of 500 lines with 'Lines x - y'", () => {
  const lines = Array.from({ length: 1201 }, (_, i) => `line ${i + 1}`);

  it("pages 1201 lines as 1-500, 501-1000, 1001-1201", () => {
    expect(textPage(lines, 1)).toMatchObject({ page: 1, pages: 3, from: 1, to: 500 });
    expect(textPage(lines, 2)).toMatchObject({ page: 2, from: 501, to: 1000 });
    const last = textPage(lines, 3);
    expect(last).toMatchObject({ from: 1001, to: 1201 });
    expect(last.lines.at(-1)).toBe("line 1201");
  });

  it("clamps a page number out of range", () => {
    expect(textPage(lines, 9).page).toBe(3);
    expect(textPage(lines, 0).page).toBe(1);
    expect(textPage([], 1)).toMatchObject({ page: 1, pages: 1, from: 0, to: 0 });
  });

  it("splits on any line ending without an empty last line", () => {
    expect(splitLines("a\r\nb\rc\n")).toEqual(["a", "b", "c"]);
    expect(splitLines("")).toEqual([""]);
  });
});

describe("grid", () => {
  it("letters columns A … Z, AA, AB … ZZ, AAA", () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(["A", "B", "Z", "AA", "AB", "AZ", "BA", "ZZ", "AAA"]);
  });

  it("caps rows and columns and says so", () => {
    const wide = [Array.from({ length: GRID_MAX_COLUMNS + 5 }, (_, i) => String(i))];
    const capped = capGrid(wide);
    expect(capped.columns).toBe(GRID_MAX_COLUMNS);
    expect(capped.rows[0]).toHaveLength(GRID_MAX_COLUMNS);
    expect(capped.truncated).toBe(true);
    const long = Array.from({ length: GRID_MAX_ROWS + 1 }, () => ["x"]);
    expect(capGrid(long).rows).toHaveLength(GRID_MAX_ROWS);
    expect(capGrid([["a", "b"], ["c"]])).toEqual({ rows: [["a", "b"], ["c"]], columns: 2, truncated: false });
  });
});

describe("magic bytes", () => {
  it("recognises zip, OLE, PDF and images", () => {
    expect(signatureOf(bytes(0x50, 0x4b, 0x03, 0x04, 0x14))).toBe("zip");
    expect(signatureOf(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe("ole");
    expect(signatureOf(ascii("%PDF-1.4\n"))).toBe("pdf");
    expect(signatureOf(ascii("\n\n%PDF-1.7"))).toBe("pdf");
    expect(signatureOf(bytes(0x89, 0x50, 0x4e, 0x47))).toBe("png");
    expect(signatureOf(ascii("<html>"))).toBe("unknown");
  });

  it("refuses random bytes or an old .xls before the office parsers see them", () => {
    expect(bytesFitKind("docx", bytes(0x39, 0x0c, 0x8c, 0x7d))).toBe(false);
    expect(bytesFitKind("spreadsheet", bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe(false);
    expect(bytesFitKind("spreadsheet", bytes(0x50, 0x4b, 0x03, 0x04))).toBe(true);
    expect(bytesFitKind("pdf", ascii("<!doctype html>"))).toBe(false);
    expect(bytesFitKind("text", bytes(0, 1, 2))).toBe(true);
  });
});
