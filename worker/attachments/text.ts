import { ATTACHMENT_TEXT_MAX, ATTACHMENT_TEXT_TYPES } from "../../contract";
import { extensionOf } from "../lib/file-content-type";
import { ExtractError, documentText } from "../knowledge/extract";
import { textKindOf, type StoredAttachment, type TextKind } from "./stored";

/**
 * A PDF is parsed whole in the Worker's memory (128 MB); past this size the parser would not fit
 * next to the bytes. Text files are never read whole: only the bytes the text cap can use.
 */
export const PDF_READ_MAX_BYTES = 20 * 1024 * 1024;
/** Enough UTF-8 bytes for ATTACHMENT_TEXT_MAX + 1 characters of any script (at most 4 bytes each). */
const TEXT_READ_BYTES = (ATTACHMENT_TEXT_MAX + 1) * 4;
/** Bumped when extraction changes, so older cached text is extracted again. */
const CACHE_VERSION = "1";

export type AttachmentTextRefusal = "unsupported" | "unreadable" | "too_large";

export type AttachmentTextResult = { ok: true; text: string; truncated: boolean } | { ok: false; reason: AttachmentTextRefusal; message: string };

/** The first `max` characters, without splitting a surrogate pair (an emoji) in two. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** Next to the attachment; the cleanup job sweeps it with its chat's files. Attachment ids never contain a dot. */
export function textCacheKey(key: string): string {
  return `${key}.txt`;
}

function refusal(reason: AttachmentTextRefusal, message: string): AttachmentTextResult {
  return { ok: false, reason, message };
}

function unsupported(fileName: string): AttachmentTextResult {
  const ext = extensionOf(fileName);
  return refusal("unsupported", `File type ${ext || "unknown"} cannot be read as text. Supported types: ${ATTACHMENT_TEXT_TYPES.join(", ")}.`);
}

async function extract(bucket: R2Bucket, file: StoredAttachment, kind: TextKind): Promise<AttachmentTextResult | null> {
  if (kind === "pdf") {
    // The upload typed the file by its bytes: a ".pdf" that is stored as anything else has no PDF signature.
    if (file.mimeType !== "application/pdf") return refusal("unreadable", "This PDF could not be read. It may be damaged; try exporting it again.");
    if (file.size > PDF_READ_MAX_BYTES) {
      const mb = (file.size / 1048576).toFixed(1);
      return refusal("too_large", `This PDF is too large to read (${mb} MB). PDFs up to ${PDF_READ_MAX_BYTES / 1048576} MB can be read.`);
    }
    const object = await bucket.get(file.key);
    if (!object) return null;
    const text = await documentText(new Uint8Array(await object.arrayBuffer()), "pdf");
    return { ok: true, text: cutText(text, ATTACHMENT_TEXT_MAX), truncated: text.length > ATTACHMENT_TEXT_MAX };
  }
  if (file.mimeType !== "text/plain") return refusal("unreadable", "This file is not UTF-8 text, so it cannot be read.");
  const object = await bucket.get(file.key, { range: { offset: 0, length: TEXT_READ_BYTES } });
  if (!object) return null;
  const text = await documentText(new Uint8Array(await object.arrayBuffer()), "txt");
  return { ok: true, text: cutText(text, ATTACHMENT_TEXT_MAX), truncated: text.length > ATTACHMENT_TEXT_MAX || file.size > TEXT_READ_BYTES };
}

async function readCache(bucket: R2Bucket, key: string): Promise<AttachmentTextResult | null> {
  const cached = await bucket.get(textCacheKey(key));
  if (!cached) return null;
  const meta = cached.customMetadata ?? {};
  if (meta.v !== CACHE_VERSION) {
    await cached.body.cancel();
    return null;
  }
  if (meta.error) {
    await cached.body.cancel();
    return refusal("unreadable", meta.error);
  }
  return { ok: true, text: await cached.text(), truncated: meta.truncated === "1" };
}

async function writeCache(bucket: R2Bucket, key: string, result: AttachmentTextResult): Promise<void> {
  const customMetadata: Record<string, string> = { v: CACHE_VERSION };
  if (result.ok) customMetadata.truncated = result.truncated ? "1" : "0";
  else customMetadata.error = result.message;
  await bucket.put(textCacheKey(key), result.ok ? result.text : "", { httpMetadata: { contentType: "text/plain; charset=utf-8" }, customMetadata });
}

/**
 * The text of a pdf, txt or md attachment (at most ATTACHMENT_TEXT_MAX characters), extracted once:
 * the text, or the reason the bytes have none, is kept in R2 next to the file, so the route and the
 * agent never parse the same document twice. Null when the attachment is gone.
 */
export async function attachmentText(bucket: R2Bucket, file: StoredAttachment): Promise<AttachmentTextResult | null> {
  const kind = textKindOf(file.fileName);
  if (!kind) return unsupported(file.fileName);
  const cached = await readCache(bucket, file.key);
  if (cached) return cached;
  let result: AttachmentTextResult | null;
  try {
    result = await extract(bucket, file, kind);
  } catch (err) {
    if (!(err instanceof ExtractError)) throw err;
    result = refusal("unreadable", err.message);
  }
  // Text and parse failures are kept; a size refusal is cheap to decide again. A failed write only costs a later re-extraction.
  if (result && (result.ok || result.reason === "unreadable")) {
    await writeCache(bucket, file.key, result).catch((err) => console.error("attachments: caching extracted text failed", file.key, err));
  }
  return result;
}
