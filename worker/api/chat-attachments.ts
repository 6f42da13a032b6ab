import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ChatAttachmentProcessBody, type ChatAttachmentText } from "../../contract";
import { attachmentKey, storedAttachment } from "../attachments/stored";
import { attachmentText, type AttachmentTextRefusal } from "../attachments/text";
import { getDb } from "../db/client";
import { newApp } from "../lib/app";
import { requireChatMember } from "../lib/chat-access";
import { ApiError, ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { json } from "../lib/validate";

const FILE_NOT_FOUND = "File not found";

const REFUSAL_STATUS: Record<AttachmentTextRefusal, ContentfulStatusCode> = { unsupported: 400, unreadable: 422, too_large: 413 };

/** `POST /api/chat-attachments/process` (spec 02 §7): the text of a pdf, txt or md attachment of a chat the caller is in. */
export const chatAttachmentTextApi = newApp()
  .use(requireUser)
  .post("/process", json(ChatAttachmentProcessBody), async (c) => {
    const { fileUrl, fileName, chatId } = c.req.valid("json");
    await requireChatMember(getDb(c.env.DB), c.get("user").id, chatId);
    const key = attachmentKey(chatId, fileUrl, new URL(c.req.url).origin);
    const file = key ? await storedAttachment(c.env.FILES, key, fileName) : null;
    if (!file) throw new ApiError(404, FILE_NOT_FOUND);
    const result = await attachmentText(c.env.FILES, file);
    if (!result) throw new ApiError(404, FILE_NOT_FOUND);
    if (!result.ok) throw new ApiError(REFUSAL_STATUS[result.reason], result.message);
    return ok<ChatAttachmentText>(c, { text: result.text, chars: result.text.length, truncated: result.truncated });
  });
