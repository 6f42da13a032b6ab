import { cleanFileName, isChatAttachmentUrl } from "../../contract";
import { baseType, extensionOf } from "../lib/file-content-type";

/** A chat attachment as R2 holds it: the type and name recorded when it was uploaded (worker/api/attachments.ts). */
export interface StoredAttachment {
  key: string;
  /** The name the upload carried; decides which reader applies. */
  fileName: string;
  /** The type sniffed from the bytes at upload; never the one a client claims in a message. */
  mimeType: string;
  size: number;
}

/**
 * The R2 key of an attachment of `chatId`, or null when `fileUrl` is anything else. Only our own
 * attachment paths (`/api/chat-attachments/{chatId}/attach_…`, or the same path on `ownOrigin`)
 * qualify: the URL is never fetched, so another chat's file or an outside address leads nowhere.
 */
export function attachmentKey(chatId: string, fileUrl: string, ownOrigin?: string): string | null {
  let path = fileUrl;
  if (!fileUrl.startsWith("/")) {
    if (!ownOrigin) return null;
    let url: URL;
    try {
      url = new URL(fileUrl);
    } catch {
      return null;
    }
    if (url.origin !== ownOrigin || url.search || url.hash || url.username || url.password) return null;
    // The raw text after the origin, not url.pathname: the URL parser would resolve `/../` and `%2e%2e`.
    path = fileUrl.slice(ownOrigin.length);
  }
  if (!isChatAttachmentUrl(path, chatId)) return null;
  return `chats/${chatId}/${path.slice(path.lastIndexOf("/") + 1)}`;
}

/** What R2 recorded about an attachment, or null when it is not there (never uploaded, or its chat was swept). */
export async function storedAttachment(bucket: R2Bucket, key: string, fallbackName = ""): Promise<StoredAttachment | null> {
  const head = await bucket.head(key);
  if (!head) return null;
  return {
    key,
    fileName: cleanFileName(head.customMetadata?.fileName ?? fallbackName),
    mimeType: baseType(head.httpMetadata?.contentType),
    size: head.size,
  };
}

/** The three document kinds whose text can be read, from the extension the upload carried. */
export type TextKind = "pdf" | "txt" | "md";

export function textKindOf(fileName: string): TextKind | null {
  const ext = extensionOf(fileName);
  if (ext === "pdf") return "pdf";
  if (ext === "txt") return "txt";
  if (ext === "md" || ext === "markdown") return "md";
  return null;
}

/** Images a vision model accepts, as sniffed at upload. */
export const VISION_IMAGE_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
