import type { ChatMessageFrame, ServerFrame } from "../../../contract";
import { STREAM_ASK } from "../../../contract";
import type { MessageRow, RoomStore } from "./store";
import type { RoomMember } from "./types";

export type SendOutcome =
  | { kind: "stored"; row: MessageRow }
  | { kind: "duplicate"; row: MessageRow }
  | { kind: "refused"; error: string };

/**
 * Stores a chat_message exactly once. A retry of a message already stored (same id, same sender)
 * is a duplicate: it is acked again with the original seq and time, and not broadcast again.
 */
export function storeChatMessage(store: RoomStore, chatId: string, sender: RoomMember, frame: ChatMessageFrame, now: number): SendOutcome {
  // Looked up before inserting: a refused insert would still consume an AUTOINCREMENT value and
  // leave a gap in seq, which clients would read as a missed message.
  const existing = store.byId(frame.message_id);
  if (existing) {
    return existing.sender_id === sender.id ? { kind: "duplicate", row: existing } : { kind: "refused", error: "Duplicate message id" };
  }
  const { text, attachments } = frame.data.content;
  if (text.trim() === "" && attachments.length === 0) return { kind: "refused", error: "Message is empty" };
  // Attachments are files uploaded to this chat; anything else (an off-site link dressed as a file) is refused.
  const ownFiles = `/api/chat-attachments/${chatId}/`;
  if (attachments.some((a) => !a.fileUrl.startsWith(ownFiles) || (a.thumbnailUrl && !a.thumbnailUrl.startsWith(ownFiles)))) {
    return { kind: "refused", error: "Attachments must be uploaded to this chat" };
  }
  const replyTo = frame.reply_to_message_id ?? null;
  if (replyTo && store.byIds([replyTo], sender.id).length === 0) return { kind: "refused", error: "The message you replied to was not found" };
  const row = store.insert({
    id: frame.message_id,
    chatType: frame.chat_type,
    visibleTo: frame.chat_type === STREAM_ASK ? sender.id : null,
    sender,
    messageType: frame.message_type ?? (frame.chat_type === 0 ? "chat" : "user_request"),
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
