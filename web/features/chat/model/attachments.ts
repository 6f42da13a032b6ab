import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES } from "../../../../contract";
import { formatFileSize } from "../../../ui/preview/kinds";

export const SUPPORTED_TYPES = ATTACHMENT_TYPES;
const ALLOWED = new Set<string>(ATTACHMENT_EXTENSIONS);

/** For the file picker's `accept`. */
export const ACCEPT_ATTRIBUTE = [...ALLOWED].map((ext) => `.${ext}`).join(",");

/** Contract ChatMessageFrame: at most 20 attachments per message. */
export const MAX_ATTACHMENTS = 20;

export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export type FileIssue = { kind: "type"; name: string; type: string } | { kind: "size"; name: string; size: number } | { kind: "count"; max: number };

export type Translate = (key: string, vars?: Record<string, unknown>) => string;

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

/** Sizes as the spec shows them: B, K, M (shared with the file preview). */
export { formatFileSize };

/** Splits picked or pasted files into the ones to keep and the reasons for the others. */
export function validateFiles<F extends FileLike>(files: readonly F[], alreadyAttached: number): { accepted: F[]; issues: FileIssue[] } {
  const accepted: F[] = [];
  const issues: FileIssue[] = [];
  let overCount = false;
  for (const file of files) {
    const ext = fileExtension(file.name);
    if (!ALLOWED.has(ext)) {
      issues.push({ kind: "type", name: file.name, type: ext || file.type || "unknown" });
    } else if (file.size > ATTACHMENT_MAX_BYTES) {
      issues.push({ kind: "size", name: file.name, size: file.size });
    } else if (alreadyAttached + accepted.length >= MAX_ATTACHMENTS) {
      overCount = true;
    } else {
      accepted.push(file);
    }
  }
  if (overCount) issues.push({ kind: "count", max: MAX_ATTACHMENTS });
  return { accepted, issues };
}

/** The alert text of one rejected file (spec 02 §5 wording). */
export function issueText(issue: FileIssue, t: Translate): string {
  if (issue.kind === "type") return t("chat.files.typeNotSupported", { type: issue.type, types: SUPPORTED_TYPES.join(", ") });
  if (issue.kind === "size") return t("chat.files.tooLarge", { name: issue.name, size: formatFileSize(issue.size) });
  return t("chat.files.tooMany", { max: issue.max });
}

const PASTE_EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "image/svg+xml": "svg" };

/** Pasted images arrive as "image.png"; they are named screenshot-{timestamp}.{ext} (spec 02 §5). */
export function screenshotName(mimeType: string, now: number = Date.now()): string {
  return `screenshot-${now}.${PASTE_EXTENSIONS[mimeType] ?? "png"}`;
}

/** The image types the server serves inline (worker/lib/file-content-type.ts); SVG and the rest download. */
const SHOWN_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp"];

/** Shown as a picture: the type the server found in the bytes; the name only when no type is known. */
export function isImage(mimeType: string, fileName = ""): boolean {
  const type = mimeType.split(";")[0]!.trim().toLowerCase();
  if (type) return SHOWN_IMAGE_TYPES.includes(type);
  return ["jpg", "jpeg", "png", "gif", "webp"].includes(fileExtension(fileName));
}
