// Which viewer a file gets (spec 03 §2.3), decided from its name before anything is fetched.
// Images, video, audio, PDF, Word documents, spreadsheets, CSV and SVG go to the shared file
// preview (its kind detection decides which); Markdown and HTML get the editor with a
// Source/Preview toggle; known binaries download; everything else opens in the editor.
import { previewKind } from "../../../ui/preview";

export type PreviewedKind = "image" | "svg" | "video" | "audio" | "pdf" | "docx" | "spreadsheet" | "csv";
export type FileKind = PreviewedKind | "markdown" | "html" | "binary" | "text";

const PREVIEWED = new Set<string>(["image", "svg", "video", "audio", "pdf", "docx", "spreadsheet", "csv"] satisfies PreviewedKind[]);

const EDITOR_KINDS: Record<string, FileKind> = {};
function kind(kind: FileKind, extensions: string): void {
  for (const ext of extensions.split(" ")) EDITOR_KINDS[ext] = kind;
}
kind("markdown", "md markdown mdx");
kind("html", "html htm");
// Presentations and OpenDocument text have no viewer: they download.
kind("binary", "ppt pptx odt odp zip gz tgz tar rar 7z bz2 xz exe dll so dylib bin class jar war o a wasm pyc woff woff2 ttf otf eot sqlite db mp2 psd");

export function extensionOf(fileName: string): string {
  const name = fileName.split("/").pop() ?? fileName;
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** Anything not previewed, markup or a known binary is tried as text (the server says if it is not). */
export function fileKind(fileName: string): FileKind {
  const own = EDITOR_KINDS[extensionOf(fileName)];
  if (own) return own;
  const previewed = previewKind(fileName);
  return PREVIEWED.has(previewed) ? (previewed as PreviewedKind) : "text";
}

/** Kinds the shared file preview shows from the raw bytes (read-only here). */
export function isPreviewedKind(kind: FileKind): kind is PreviewedKind {
  return PREVIEWED.has(kind);
}

/** Kinds with a Source/Preview toggle. */
export function hasRenderedPreview(kind: FileKind): kind is "markdown" | "html" {
  return kind === "markdown" || kind === "html";
}
