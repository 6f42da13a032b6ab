import type { Attachment, ChatMessage, ChatStream, MessageType, ReactionSummary } from "../../../contract";
import type { MessageRow, RoomStore } from "./store";
import { readableText } from "../../lib/message-text";

const REPLY_PREVIEW_CHARS = 100;

function parseAttachments(json: string): Attachment[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as Attachment[]) : [];
  } catch {
    return [];
  }
}

export function toChatMessage(
  chatId: string,
  row: MessageRow,
  extras: { reactions?: ReactionSummary[]; likes?: { likes: number; dislikes: number; mine: number }; reply?: MessageRow | null } = {},
): ChatMessage {
  const at = new Date(row.created_at).toISOString();
  const isAi = row.sender_type === "virtual_employee";
  const stream = row.chat_type as ChatStream;
  const likes = extras.likes ?? { likes: 0, dislikes: 0, mine: 0 };
  return {
    id: row.id,
    seq: row.seq,
    chat_id: chatId,
    chatType: stream,
    chat_type: stream,
    content: row.content,
    messageType: row.message_type as MessageType,
    createdAt: at,
    timestamp: at,
    isUserMessage: !isAi && row.sender_id !== null,
    is_from_ai: isAi,
    sender: !isAi && row.sender_id ? { id: row.sender_id, name: row.sender_name, image: row.sender_image } : null,
    virtualSender: isAi && row.sender_id ? { id: row.sender_id, name: row.sender_name, avatarUrl: row.sender_image } : null,
    attachments: parseAttachments(row.attachments),
    replyToMessageId: row.reply_to_id,
    replyToMessage: extras.reply
      ? {
          id: extras.reply.id,
          content: readableText(extras.reply.message_type, extras.reply.content).slice(0, REPLY_PREVIEW_CHARS),
          senderName: extras.reply.sender_name,
        }
      : null,
    reactions: extras.reactions ?? [],
    likes: { likes: likes.likes, dislikes: likes.dislikes, userLiked: likes.mine === 1, userDisliked: likes.mine === -1 },
    isStreamingMessage: row.message_type === "ai_response",
    isStreamingComplete: row.streaming !== 1,
    agent_id: isAi ? row.sender_id : null,
  };
}

/** Rows with their reactions, the viewer's likes and reply previews, in one pass per table. */
export function hydrate(store: RoomStore, chatId: string, rows: MessageRow[], viewerId: string): ChatMessage[] {
  const ids = rows.map((r) => r.id);
  const reactions = store.feedback.reactions(ids);
  const likes = store.feedback.likes(ids, viewerId);
  const replyIds = [...new Set(rows.map((r) => r.reply_to_id).filter((id): id is string => id !== null))];
  const replies = new Map(store.byIds(replyIds, viewerId).map((r) => [r.id, r]));
  return rows.map((row) =>
    toChatMessage(chatId, row, { reactions: reactions.get(row.id), likes: likes.get(row.id), reply: row.reply_to_id ? replies.get(row.reply_to_id) : null }),
  );
}
