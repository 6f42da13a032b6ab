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
 * A message with this id stored already: a retry by its sender (acked again with the original seq
 * and time, not stored or broadcast again), or another sender's id (refused). Null when it is new.
 */
function retryOf(store: RoomStore, messageId: string, sender: RoomMember): SendOutcome | null {
  const existing = store.byId(messageId);
  if (!existing) return null;
  return existing.sender_id === sender.id ? { kind: "duplicate", row: existing } : { kind: "refused", error: "Duplicate message id" };
}

/**
 * Stores a chat_message exactly once. A new message costs one statement: the id is looked up only
 * when the message would be refused (`gateRefusal` is the agent gate's answer, if it refused) or its
 * insert finds the id taken, so a retry of a stored message is always answered as a retry, whatever
 * the checks would say of it now.
 */
export function storeChatMessage(
  store: RoomStore,
  chatId: string,
  sender: RoomMember,
  frame: ChatMessageFrame,
  now: number,
  gateRefusal: string | null = null,
): SendOutcome {
  const refusal = gateRefusal ?? refusalOf(store, chatId, sender, frame);
  if (refusal) return retryOf(store, frame.message_id, sender) ?? { kind: "refused", error: refusal };
  const { text, attachments } = frame.data.content;
  const row = store.insertIfNew({
    id: frame.message_id,
    chatType: frame.chat_type,
    visibleTo: frame.chat_type === STREAM_ASK ? sender.id : null,
    sender,
    messageType: messageTypeIn(frame)!,
    content: text,
    attachments: JSON.stringify(attachments),
    replyToId: frame.reply_to_message_id ?? null,
    createdAt: now,
  });
  return row ? { kind: "stored", row } : retryOf(store, frame.message_id, sender)!;
}

/** Why a new chat_message cannot be stored, or null. */
function refusalOf(store: RoomStore, chatId: string, sender: RoomMember, frame: ChatMessageFrame): string | null {
  if (!messageTypeIn(frame)) return frame.chat_type === STREAM_DISCUSS ? ONLY_CHAT : ONLY_REQUESTS;
  const { text, attachments } = frame.data.content;
  if (text.trim() === "" && attachments.length === 0) return "Message is empty";
  // Attachments are files uploaded to this chat; anything else (an off-site link dressed as a file) is refused.
  if (attachments.some((a) => !isChatAttachmentUrl(a.fileUrl, chatId) || (a.thumbnailUrl && !isChatAttachmentUrl(a.thumbnailUrl, chatId)))) {
    return "Attachments must be uploaded to this chat";
  }
  const replyTo = frame.reply_to_message_id ?? null;
  if (replyTo && store.byIds([replyTo], sender.id).length === 0) return "The message you replied to was not found";
  return null;
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
