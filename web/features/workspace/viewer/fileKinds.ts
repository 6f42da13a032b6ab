// Which viewer a file gets (spec 03 §2.3), decided from its name before anything is fetched:
// media kinds stream the raw bytes, text kinds load the file content.

export type FileKind = "image" | "video" | "audio" | "pdf" | "markdown" | "html" | "office" | "binary" | "text";

const BY_EXTENSION: Record<string, FileKind> = {};
function kind(kind: FileKind, extensions: string): void {
  for (const ext of extensions.split(" ")) BY_EXTENSION[ext] = kind;
}
kind("image", "png jpg jpeg gif webp bmp ico svg avif apng");
kind("video", "mp4 webm ogv mov m4v");
kind("audio", "mp3 wav ogg oga m4a aac flac opus");
kind("pdf", "pdf");
kind("markdown", "md markdown mdx");
kind("html", "html htm");
kind("office", "doc docx xls xlsx ppt pptx odt ods odp");
kind("binary", "zip gz tgz tar rar 7z bz2 xz exe dll so dylib bin class jar war o a wasm pyc woff woff2 ttf otf eot sqlite db mp2 psd");

export function extensionOf(fileName: string): string {
  const name = fileName.split("/").pop() ?? fileName;
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** Anything not known to be media, office or binary is tried as text (the server says if it is not). */
export function fileKind(fileName: string): FileKind {
  return BY_EXTENSION[extensionOf(fileName)] ?? "text";
}

/** Kinds shown from the raw bytes in a media element. */
export function isMediaKind(kind: FileKind): kind is "image" | "video" | "audio" | "pdf" {
  return kind === "image" || kind === "video" || kind === "audio" || kind === "pdf";
}

/** Kinds with a Source/Preview toggle. */
export function hasRenderedPreview(kind: FileKind): kind is "markdown" | "html" {
  return kind === "markdown" || kind === "html";
}
