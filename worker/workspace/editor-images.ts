import { fileTypeFromBuffer } from "file-type/core";
import { IMAGE_UPLOAD_PATH, IMAGE_UPLOAD_TYPES, type ImageUploadType } from "../../contract";
import { contentDisposition, looksLikeText, STORED_BYTES_CSP } from "../lib/file-content-type";

/**
 * Images the markdown editor inserts (spec 03 §2.3). Each is stored under its uploader
 * (`images/{userId}/…`) with a random 128-bit id, and its URL is a capability: any signed-in user
 * who holds it may read the image, because the markdown file that points at it is read by the
 * project's other members (and by whoever it is shared with), whom the upload cannot know. The id
 * cannot be guessed or listed; without the URL there is no way to an image.
 */

export interface ImageRef {
  userId: string;
  /** `img_` and 32 hex digits. */
  id: string;
  type: ImageUploadType;
}

const IMAGE_ID = /^img_[a-f0-9]{32}$/;
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const RASTER: Record<string, ImageUploadType> = {
  "image/jpeg": "image/jpeg",
  "image/png": "image/png",
  // An animated PNG is a PNG to every browser.
  "image/apng": "image/png",
  "image/gif": "image/gif",
  "image/webp": "image/webp",
};

/** `<?xml …?>`, comments and a doctype may come before the root element; the root must be `<svg`. */
const SVG_ROOT = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>)\s*)*<svg[\s>/]/i;

function isSvg(head: Uint8Array): boolean {
  if (!looksLikeText(head)) return false;
  return SVG_ROOT.test(new TextDecoder().decode(head));
}

/**
 * The accepted format the file's first bytes prove, or null. The name and the type the browser
 * declared are never asked: an HTML page called `photo.png` is refused.
 */
export async function imageTypeOf(head: Uint8Array): Promise<ImageUploadType | null> {
  if (isSvg(head)) return "image/svg+xml";
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  return (detected && RASTER[detected.mime]) ?? null;
}

const extensionOf = (type: ImageUploadType) => IMAGE_UPLOAD_TYPES[type].extensions[0];

export function imageKey(ref: ImageRef): string {
  return `images/${ref.userId}/${ref.id}.${extensionOf(ref.type)}`;
}

export function imageUrl(ref: ImageRef): string {
  return `${IMAGE_UPLOAD_PATH}/${encodeURIComponent(ref.userId)}/${ref.id}.${extensionOf(ref.type)}`;
}

/** The image a URL's last two segments name; null for anything that could not have been made by `imageUrl`. */
export function parseImagePath(userId: string, file: string): (Omit<ImageRef, "type"> & { extension: string }) | null {
  const dot = file.lastIndexOf(".");
  const id = dot > 0 ? file.slice(0, dot) : "";
  const extension = file.slice(dot + 1);
  if (!USER_ID.test(userId) || !IMAGE_ID.test(id)) return null;
  if (!Object.values(IMAGE_UPLOAD_TYPES).some((t) => t.extensions[0] === extension)) return null;
  return { userId, id, extension };
}

/** The R2 key of a parsed path. */
export function keyOfPath(path: { userId: string; id: string; extension: string }): string {
  return `images/${path.userId}/${path.id}.${path.extension}`;
}

/** SVG may style itself; nothing in it may run, load or reach our origin. */
const SVG_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/**
 * Raster images show inline. An SVG is a document that can carry script: it is served as an
 * attachment in a sandbox, so opening its URL downloads it, while an `<img>` (which never runs
 * script) still shows it.
 */
export function imageHeaders(type: string | undefined, fileName: string): Headers {
  const headers = new Headers();
  const svg = type === "image/svg+xml";
  const known = type !== undefined && type in IMAGE_UPLOAD_TYPES;
  headers.set("content-type", known ? type : "application/octet-stream");
  headers.set("content-disposition", contentDisposition(svg || !known ? "attachment" : "inline", fileName));
  headers.set("content-security-policy", svg ? SVG_CSP : STORED_BYTES_CSP);
  headers.set("x-content-type-options", "nosniff");
  // An id is never reused, so the bytes behind a URL never change.
  headers.set("cache-control", "private, max-age=31536000, immutable");
  return headers;
}
