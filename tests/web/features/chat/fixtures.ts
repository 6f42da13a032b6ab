import type { ChatMessage } from "../../../../contract";
import type { UiMessage } from "../../../../web/features/chat/model/types";

/** A stored message; pass seq 0 for an optimistic one. */
export function msg(id: string, seq: number, createdAt = "2025-01-01T00:00:00.000Z", extra: Partial<UiMessage> = {}): UiMessage {
  const base: ChatMessage = {
    id,
    seq,
    chat_id: "chat_1",
    chatType: 0,
    chat_type: 0,
    content: `text of ${id}`,
    messageType: "chat",
    createdAt,
    timestamp: createdAt,
    isUserMessage: true,
    is_from_ai: false,
    sender: { id: "u1", name: "Ann", image: null },
    virtualSender: null,
    attachments: [],
    replyToMessageId: null,
    replyToMessage: null,
    reactions: [],
    likes: { likes: 0, dislikes: 0, userLiked: false, userDisliked: false },
    isStreamingMessage: false,
    isStreamingComplete: false,
    agent_id: null,
  };
  return { ...base, ...extra };
}
