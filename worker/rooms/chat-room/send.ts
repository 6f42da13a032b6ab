import type { ChatMessageFrame, ServerFrame } from "../../../contract";
import { STREAM_ASK, STREAM_DISCUSS, isChatAttachmentUrl } from "../../../contract";
import type { MessageRow, RoomStore } from "./store";
import type { RoomMember } from "./types";

export type SendOutcome = { kind: "stored"; row: MessageRow } | { kind: "duplicate"; row: MessageRow } | { kind: "refused"; error: string };

export const ONLY_REQUESTS = "Only requests to the agent can be sent in this stream";
export const ONLY_CHAT = "Only chat messages can be sent in the discussion stream";

/**
 * The one message type each stream takes (spec 02 §4, docs/agent-api.md): discussion is `chat`; the
 * agent and ask-only streams hold requests to the agent, which only their rules let in. A plain
 * `chat` there would slip into the next prompt without passing those rules, so it is refused.
 */
function messageTypeIn(frame: ChatMessageFrame): "chat" | "user_request" | null {
  const wanted = frame.chat_type === STREAM_DISCUSS ? "chat" : "user_request";
  return (frame.message_type ?? wanted) === wanted ? wanted : null;
}

/**
 * Stores a chat_message exactly once. A retry of a message already stored (same id, same sender)
 * is a duplicate: it is acked again with the original seq and time, and not broadcast again.
 * `existing` is the stored message with the frame's id, looked up by the caller before inserting:
 * a refused insert would still consume an AUTOINCREMENT value and leave a gap in seq, which
 * clients would read as a missed message.
 */
export function storeChatMessage(
  store: RoomStore,
  chatId: string,
  sender: RoomMember,
  frame: ChatMessageFrame,
  now: number,
  existing: MessageRow | null,
): SendOutcome {
  if (existing) {
    return existing.sender_id === sender.id ? { kind: "duplicate", row: existing } : { kind: "refused", error: "Duplicate message id" };
  }
  const messageType = messageTypeIn(frame);
  if (!messageType) return { kind: "refused", error: frame.chat_type === STREAM_DISCUSS ? ONLY_CHAT : ONLY_REQUESTS };
  const { text, attachments } = frame.data.content;
  if (text.trim() === "" && attachments.length === 0) return { kind: "refused", error: "Message is empty" };
  // Attachments are files uploaded to this chat; anything else (an off-site link dressed as a file) is refused.
  if (attachments.some((a) => !isChatAttachmentUrl(a.fileUrl, chatId) || (a.thumbnailUrl && !isChatAttachmentUrl(a.thumbnailUrl, chatId)))) {
    return { kind: "refused", error: "Attachments must be uploaded to this chat" };
  }
  const replyTo = frame.reply_to_message_id ?? null;
  if (replyTo && store.byIds([replyTo], sender.id).length === 0) return { kind: "refused", error: "The message you replied to was not found" };
  const row = store.insert({
    id: frame.message_id,
    chatType: frame.chat_type,
    visibleTo: frame.chat_type === STREAM_ASK ? sender.id : null,
    sender,
    messageType,
    content: text,
    attachments: JSON.stringify(attachments),
    replyToId: replyTo,
    createdAt: now,
  });
  return { kind: "stored", row };
}

export function ackFor(messageId: string, outcome: SendOutcome, now: number): ServerFrame {
  if (outcome.kind === "refused") {
    return { type: "chat_ack", message_id: messageId, success: false, error: outcome.error, timestamp: new Date(now).toISOString(), seq: null };
  }
  return {
    type: "chat_ack",
    message_id: messageId,
    success: true,
    error: null,
    timestamp: new Date(outcome.row.created_at).toISOString(),
    seq: outcome.row.seq,
    ...(outcome.kind === "duplicate" ? { duplicate: true } : {}),
  };
}
