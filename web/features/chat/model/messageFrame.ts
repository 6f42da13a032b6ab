import type { Attachment, ChatListItem, ChatMessage, SessionUser } from "../../../../contract";
import { STREAM_CHAT_TYPE, type StreamKey, type UiMessage } from "./types";

const ID_ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** A client message id the room accepts (`msg_` + 4–60 of [A-Za-z0-9_-]); unique per send. */
export function newMessageId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let random = "";
  for (const byte of bytes) random += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `msg_${Date.now().toString(36)}_${random}`;
}

export interface OutgoingMessage {
  id: string;
  stream: StreamKey;
  text: string;
  attachments: Attachment[];
  replyTo: (Pick<ChatMessage, "id" | "content"> & { senderName: string }) | null;
  createdAt: string;
  agentConfig?: { execution_mode: "coding" | "ask"; preferred_llm_model: string };
}

/** Reply previews carry the first 100 characters, like the room's. */
const REPLY_PREVIEW_CHARS = 100;

/**
 * The `chat_message` frame (contract ChatMessageFrame plus the spec's context fields); agent and
 * ask-only requests carry the tab's mode and model as `context_info.agent_config`.
 */
export function buildChatMessageFrame(
  chat: Pick<ChatListItem, "id" | "organizationId" | "chatOwnerId">,
  user: Pick<SessionUser, "id" | "name" | "image">,
  message: OutgoingMessage,
) {
  const chatType = STREAM_CHAT_TYPE[message.stream];
  return {
    type: "chat_message" as const,
    message_id: message.id,
    chat_id: chat.id,
    org_id: chat.organizationId,
    user_id: user.id,
    human_user_id: user.id,
    chat_owner_id: chat.chatOwnerId,
    chat_type: chatType,
    message_type: chatType === 0 ? ("chat" as const) : ("user_request" as const),
    timestamp: message.createdAt,
    reply_to_message_id: message.replyTo?.id ?? null,
    data: {
      context_info: {
        chat_type: chatType,
        sender: { id: user.id, name: user.name, image: user.image },
        ...(chatType !== 0 && message.agentConfig ? { agent_config: message.agentConfig } : {}),
      },
      content: {
        text: message.text,
        attachments: message.attachments.map((a) => ({
          id: a.id,
          fileName: a.fileName,
          fileSize: a.fileSize,
          mimeType: a.mimeType,
          fileUrl: a.fileUrl,
          thumbnailUrl: a.thumbnailUrl,
        })),
      },
    },
  };
}

/** The message shown at once, before the room acks it (spec 02 §4 step 1). */
export function optimisticMessage(chatId: string, user: Pick<SessionUser, "id" | "name" | "image">, message: OutgoingMessage): UiMessage {
  const chatType = STREAM_CHAT_TYPE[message.stream];
  return {
    id: message.id,
    seq: 0,
    chat_id: chatId,
    chatType,
    chat_type: chatType,
    content: message.text,
    messageType: chatType === 0 ? "chat" : "user_request",
    createdAt: message.createdAt,
    timestamp: message.createdAt,
    isUserMessage: true,
    is_from_ai: false,
    sender: { id: user.id, name: user.name, image: user.image },
    virtualSender: null,
    attachments: message.attachments,
    replyToMessageId: message.replyTo?.id ?? null,
    replyToMessage: message.replyTo
      ? { id: message.replyTo.id, content: message.replyTo.content.slice(0, REPLY_PREVIEW_CHARS), senderName: message.replyTo.senderName }
      : null,
    reactions: [],
    likes: { likes: 0, dislikes: 0, userLiked: false, userDisliked: false },
    isStreamingMessage: false,
    isStreamingComplete: false,
    agent_id: null,
    pending: true,
    shownAsSent: false,
    failed: null,
  };
}

/** The name shown for a message's author. */
export function senderName(message: Pick<ChatMessage, "sender" | "virtualSender">): string {
  return message.virtualSender?.name ?? message.sender?.name ?? "";
}
