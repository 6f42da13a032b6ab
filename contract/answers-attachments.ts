import * as v from "valibot";
import { Id } from "./organizations";

/** `POST /api/chat-attachments/process` reads pdf, txt and md attachments (spec 02 §7). */
export const ATTACHMENT_TEXT_TYPES = ["pdf", "txt", "md"] as const;
/** The most text the route answers; longer documents are cut here and marked `truncated`. */
export const ATTACHMENT_TEXT_MAX = 100_000;

export const ChatAttachmentProcessBody = v.object({
  fileUrl: v.pipe(v.string("fileUrl must be a string"), v.minLength(1, "fileUrl is required"), v.maxLength(2048, "fileUrl is too long")),
  fileName: v.pipe(v.string("fileName must be a string"), v.maxLength(1020, "fileName is too long")),
  chatId: Id,
});
export type ChatAttachmentProcessBody = v.InferOutput<typeof ChatAttachmentProcessBody>;

/** The answer: the document's text (at most ATTACHMENT_TEXT_MAX characters), its length, and whether it was cut. */
export interface ChatAttachmentText {
  text: string;
  /** Characters in `text`. */
  chars: number;
  truncated: boolean;
}
