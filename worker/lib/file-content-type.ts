import { fileTypeFromBuffer } from "file-type/core";

/**
 * What a stored file is, decided by the server from its bytes. The type a
 * client declares, and the extension it chose, are never trusted to make bytes "an image": an
 * HTML page uploaded as `photo.png` with `image/png` is still an unknown, downloadable file.
 */

/** Enough bytes for every signature file-type knows. */
export const SNIFF_BYTES = 4100;

/** Formats the browser displays without running anything; only these are ever served inline. */
const INLINE_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/bmp",
  "video/mp4",
  "video/webm",
  "video/quicktime",
  "audio/mpeg",
  "audio/wav",
  "audio/ogg",
  "audio/aac",
  "audio/mp4",
  "text/plain",
  "text/csv",
]);

/** Text formats accepted by extension, once the bytes are confirmed to be text. */
const TEXT_EXTENSIONS: Record<string, string> = { txt: "text/plain", md: "text/plain", markdown: "text/plain", csv: "text/csv", log: "text/plain" };

/** Signatures file-type reports that are themselves active documents: never inline, whatever they claim. */
const ACTIVE = /(html|xml|svg|javascript|ecmascript|x-shockwave-flash)/;

export const OCTET_STREAM = "application/octet-stream";

/** `Image/SVG+xml; charset=x` → `image/svg+xml`: parameters and case never change the decision. */
export function baseType(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** Valid UTF-8 without NUL bytes: what a text file is (a truncated last character is allowed). */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The type stored with a file: the detected binary format, a text type for a text extension whose
 * bytes are text, else application/octet-stream. The file name only ever picks among text types.
 */
export async function contentTypeOf(head: Uint8Array, fileName: string): Promise<string> {
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  if (detected && !ACTIVE.test(detected.mime)) return detected.mime;
  if (detected) return OCTET_STREAM;
  const text = TEXT_EXTENSIONS[extensionOf(fileName)];
  return text && looksLikeText(head) ? text : OCTET_STREAM;
}

/** The first bytes of a file or blob, for sniffing. */
export async function headOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer());
}

export function isInlineType(contentType: string): boolean {
  return INLINE_TYPES.has(baseType(contentType));
}

export function isImageType(contentType: string): boolean {
  const type = baseType(contentType);
  return type.startsWith("image/") && INLINE_TYPES.has(type);
}

/**
 * Every response carrying stored bytes: no script, no plugin, no same-origin access even if a
 * browser renders it as a document (opaque origin), and no sniffing a different type.
 */
export const STORED_BYTES_CSP = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'";

/** `inline` or `attachment`, with an ASCII fallback name and the exact UTF-8 one in `filename*`. */
export function contentDisposition(kind: "inline" | "attachment", fileName: string | undefined): string {
  if (!fileName) return kind;
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Sets the headers that decide how a browser treats stored bytes. Decided again when serving, from
 * the stored type, so files stored before this rule (with a client-chosen type) are safe too:
 * anything not on the inline list becomes an octet-stream download.
 */
export function applyStoredFileHeaders(headers: Headers, storedType: string | null | undefined, fileName?: string, forceDownload = false): void {
  const type = baseType(storedType);
  const inline = !forceDownload && isInlineType(type);
  headers.set("content-type", inline ? (type.startsWith("text/") ? `${type}; charset=utf-8` : type) : OCTET_STREAM);
  headers.set("content-disposition", contentDisposition(inline ? "inline" : "attachment", fileName));
  headers.set("content-security-policy", STORED_BYTES_CSP);
  headers.set("x-content-type-options", "nosniff");
}
