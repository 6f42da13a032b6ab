// What a file is for the preview (spec 02 §2.15, spec 03 §2.3), decided from its name and type
// before anything is fetched, and confirmed from its first bytes where that is cheap. This module
// is small and free of libraries: the chat list imports it to choose inline players.

export type PreviewKind = "image" | "svg" | "video" | "audio" | "pdf" | "docx" | "spreadsheet" | "csv" | "html" | "text" | "unsupported";

/** Spec 02 §5: text files over 5 MB are refused. */
export const TEXT_PREVIEW_MAX_BYTES = 5_242_880;
/** Spec 02 §9: 500 lines a page. */
export const TEXT_PAGE_LINES = 500;
/** Office files and CSV are parsed whole in the browser: larger ones are refused before parsing. */
export const PARSED_PREVIEW_MAX_BYTES = 20 * 1_048_576;
/** A grid shows at most this much of a sheet (25,000 cells stay quick to lay out); the note says the rest is left out. */
export const GRID_MAX_ROWS = 500;
export const GRID_MAX_COLUMNS = 50;
/** Spec 02 §9: image zoom 50 to 200 percent in steps of 25. */
export const IMAGE_ZOOM = { min: 50, max: 200, step: 25, initial: 100 } as const;
/** Spec 02 §4: share feedback shows for 2 s. */
export const SHARE_FEEDBACK_MS = 2000;

const BY_EXTENSION: Record<string, PreviewKind> = {};
function kind(kind: PreviewKind, extensions: string): void {
  for (const ext of extensions.split(" ")) BY_EXTENSION[ext] = kind;
}
kind("image", "png jpg jpeg gif webp bmp ico avif apng");
kind("svg", "svg");
kind("video", "mp4 webm ogv mov m4v avi");
kind("audio", "mp3 wav ogg oga m4a aac flac opus");
kind("pdf", "pdf");
kind("docx", "docx doc");
kind("spreadsheet", "xlsx xlsm xls ods");
kind("csv", "csv tsv");
kind("html", "html htm");
kind(
  "text",
  "txt md markdown mdx json jsonc xml log yaml yml toml ini cfg conf env js jsx mjs cjs ts tsx css scss less py rb go rs java kt c h cpp hpp cs php sh bash zsh sql graphql vue svelte",
);
kind("unsupported", "zip rar 7z tar gz tgz bz2 xz ppt pptx odp odt exe dmg iso bin");

/** Types the server detects from the bytes (worker/lib/file-content-type.ts): when present they outrank the name. */
const SNIFFED_TYPES: Record<string, PreviewKind> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "spreadsheet",
  "application/vnd.ms-excel": "spreadsheet",
  "application/vnd.oasis.opendocument.spreadsheet": "spreadsheet",
};

/** Raster images the browser decodes without running anything. */
export const RASTER_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
  "image/x-icon",
  "image/vnd.microsoft.icon",
]);

export function baseType(mimeType: string | null | undefined): string {
  return (mimeType ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The extension of the last path segment, lower case; '' for none ('.env' has none). */
export function extensionOf(fileName: string): string {
  const name = fileName.split("/").pop() ?? fileName;
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

function kindOfType(type: string): PreviewKind | null {
  if (SNIFFED_TYPES[type]) return SNIFFED_TYPES[type];
  if (RASTER_TYPES.has(type)) return "image";
  if (type.startsWith("video/")) return "video";
  if (type.startsWith("audio/")) return "audio";
  return null;
}

/**
 * The viewer a file gets. A binary type found in the bytes wins over the name (a PNG named
 * `notes.txt` is an image); otherwise the extension decides, and a text type makes an unknown
 * extension text. Anything else is 'Preview Not Available'.
 */
export function previewKind(fileName: string, mimeType?: string | null): PreviewKind {
  const type = baseType(mimeType);
  const sniffed = kindOfType(type);
  if (sniffed) return sniffed;
  const byName = BY_EXTENSION[extensionOf(fileName)];
  if (byName) return byName;
  if (type === "image/svg+xml") return "svg";
  if (type === "text/csv") return "csv";
  if (type === "text/html") return "html";
  if (type.startsWith("text/") || type === "application/json" || type === "application/xml") return "text";
  return "unsupported";
}

/** The largest file a kind previews, or null for kinds the browser streams itself. */
export function previewLimit(kind: PreviewKind): number | null {
  if (kind === "text" || kind === "html" || kind === "svg") return TEXT_PREVIEW_MAX_BYTES;
  if (kind === "docx" || kind === "spreadsheet" || kind === "csv") return PARSED_PREVIEW_MAX_BYTES;
  return null;
}

export function isTooLarge(kind: PreviewKind, size: number | null | undefined): boolean {
  const limit = previewLimit(kind);
  return limit !== null && typeof size === "number" && size > limit;
}

export type Signature = "zip" | "ole" | "pdf" | "png" | "jpeg" | "gif" | "webp" | "unknown";

/** The container a file's first bytes announce: enough to refuse random bytes before a parser sees them. */
export function signatureOf(head: Uint8Array): Signature {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, j) => head[i + j] === b);
  if (at(0, 0x50, 0x4b, 0x03, 0x04)) return "zip";
  if (at(0, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) return "ole";
  if (at(0, 0x89, 0x50, 0x4e, 0x47)) return "png";
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return "gif";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  // '%PDF-' may follow a few bytes of junk; readers look in the first kilobyte.
  for (let i = 0; i + 4 < Math.min(head.length, 1024); i += 1) if (at(i, 0x25, 0x50, 0x44, 0x46, 0x2d)) return "pdf";
  return "unknown";
}

/** Whether the bytes can be what the kind's parser reads: docx and xlsx are zip packages, a PDF starts with %PDF. */
export function bytesFitKind(kind: PreviewKind, head: Uint8Array): boolean {
  const signature = signatureOf(head);
  if (kind === "docx" || kind === "spreadsheet") return signature === "zip";
  if (kind === "pdf") return signature === "pdf";
  return true;
}

/** Spreadsheet column headers: 0 → A, 25 → Z, 26 → AA, 27 → AB, 701 → ZZ, 702 → AAA. */
export function columnLetter(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export interface TextPage {
  page: number;
  pages: number;
  /** 1-based, inclusive: what 'Lines x - y' shows. */
  from: number;
  to: number;
  lines: string[];
}

/** Splits text into lines (any line ending); a final newline does not make an empty last line. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** One page of 500 lines (spec 02 §9), the page number clamped into range. */
export function textPage(lines: readonly string[], page: number): TextPage {
  const pages = Math.max(1, Math.ceil(lines.length / TEXT_PAGE_LINES));
  const current = Math.min(Math.max(1, Math.floor(page)), pages);
  const start = (current - 1) * TEXT_PAGE_LINES;
  const slice = lines.slice(start, start + TEXT_PAGE_LINES);
  return { page: current, pages, from: slice.length ? start + 1 : 0, to: start + slice.length, lines: slice };
}

/** Spec 02 §9: sizes in B, K, M. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const value = bytes < 1024 * 1024 ? bytes / 1024 : bytes / (1024 * 1024);
  const text = value.toFixed(1).replace(/\.0$/, "");
  return `${text} ${bytes < 1024 * 1024 ? "K" : "M"}`;
}

/** The next zoom step within 50–200 %. */
export function zoomBy(percent: number, direction: 1 | -1): number {
  return Math.min(IMAGE_ZOOM.max, Math.max(IMAGE_ZOOM.min, percent + direction * IMAGE_ZOOM.step));
}

/** A grid's visible part: the cap on rows and columns, and whether anything was left out. */
export function capGrid<T>(rows: readonly (readonly T[])[]): { rows: T[][]; columns: number; truncated: boolean } {
  const widest = rows.reduce((max, row) => Math.max(max, row.length), 0);
  const columns = Math.min(widest, GRID_MAX_COLUMNS);
  const shown = rows.slice(0, GRID_MAX_ROWS).map((row) => row.slice(0, columns));
  return { rows: shown, columns, truncated: rows.length > GRID_MAX_ROWS || widest > GRID_MAX_COLUMNS };
}
