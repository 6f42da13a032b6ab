import type { AgentRunInfo, ChatMessage, ChatStream } from "../../../../../contract";
import type { UiMessage } from "../../model/types";

/** A chunk that starts beyond the text we have: kept until the gap before it is filled. */
export interface HeldChunk {
  offset: number;
  chunk: string;
}

export interface LiveText {
  content: string;
  held: readonly HeldChunk[];
}

function place(text: LiveText, offset: number, chunk: string): LiveText | null {
  if (offset > text.content.length) return null;
  // Already covered: a duplicate, or an older chunk behind a newer snapshot. Text only grows.
  if (offset + chunk.length <= text.content.length) return text;
  return { ...text, content: text.content.slice(0, offset) + chunk };
}

/**
 * docs/agent-api.md: `offset` is where `chunk` starts in the full text, so the text becomes
 * `content.slice(0, offset) + chunk`. Two guards make arrival order irrelevant: a chunk that ends
 * inside what we hold never shortens it (a late snapshot), and a chunk that starts past the end is
 * held until the chunks before it arrive.
 */
export function applyChunk(text: LiveText, offset: number, chunk: string): LiveText {
  if (!Number.isInteger(offset) || offset < 0 || typeof chunk !== "string") return text;
  const placed = place(text, offset, chunk);
  if (!placed) {
    const same = text.held.find((h) => h.offset === offset);
    if (same && same.chunk.length >= chunk.length) return text;
    const held = [...text.held.filter((h) => h.offset !== offset), { offset, chunk }].sort((a, b) => a.offset - b.offset);
    return { content: text.content, held };
  }
  if (placed === text) return text;
  let current = placed;
  let held = [...text.held];
  // Drain held chunks that now join up; each may unlock the next.
  for (let progress = true; progress && held.length > 0;) {
    progress = false;
    for (const h of held) {
      const next = place(current, h.offset, h.chunk);
      if (!next) continue;
      current = next;
      held = held.filter((other) => other !== h);
      progress = true;
      break;
    }
  }
  return { content: current.content, held };
}

/** A reply still being written (placeholder or partial text). */
export function isLiveReply(message: Pick<ChatMessage, "isStreamingMessage" | "isStreamingComplete">): boolean {
  return message.isStreamingMessage === true && message.isStreamingComplete !== true;
}

/**
 * Combining two copies of an agent reply: a complete copy wins over a live one whichever arrived
 * last (a history page read mid-stream must not undo `message_updated`), and of two live copies
 * the longer text wins, because chunks may already have gone past what a page or snapshot holds.
 * Returns the fields to override, or null when the ordinary merge applies.
 */
export function mergeLiveReply(existing: UiMessage, incoming: UiMessage): Partial<UiMessage> | null {
  const existingLive = isLiveReply(existing);
  const incomingLive = isLiveReply(incoming);
  if (!existingLive && !incomingLive) return null;
  if (!incomingLive) return { heldChunks: [] };
  if (!existingLive) {
    return { content: existing.content, isStreamingMessage: existing.isStreamingMessage, isStreamingComplete: existing.isStreamingComplete, heldChunks: [] };
  }
  const live = applyChunk({ content: existing.content, held: existing.heldChunks ?? [] }, 0, incoming.content);
  return { content: live.content, heldChunks: [...live.held] };
}

export interface ReplyAuthor {
  id: string;
  name: string;
  avatarUrl: string | null;
}

/**
 * The reply row shown for a run we learnt about before its stored placeholder reached this tab
 * (`ready.agentRuns`, or a chunk for an unknown id). It has no seq, so it sorts last until the
 * stored copy (same id) replaces it.
 */
export function placeholderReply(
  run: Pick<AgentRunInfo, "message_id" | "chat_type" | "request_id">,
  chatId: string,
  author: ReplyAuthor | null,
  now: string,
): UiMessage {
  const chatType: ChatStream = run.chat_type;
  return {
    id: run.message_id,
    seq: 0,
    chat_id: chatId,
    chatType,
    chat_type: chatType,
    content: "",
    messageType: "ai_response",
    createdAt: now,
    timestamp: now,
    isUserMessage: false,
    is_from_ai: true,
    sender: null,
    virtualSender: author,
    attachments: [],
    replyToMessageId: run.request_id || null,
    replyToMessage: null,
    reactions: [],
    likes: { likes: 0, dislikes: 0, userLiked: false, userDisliked: false },
    isStreamingMessage: true,
    isStreamingComplete: false,
    agent_id: author?.id ?? null,
    heldChunks: [],
  };
}
