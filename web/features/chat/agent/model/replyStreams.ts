import { updateMessage } from "../../model/merge";
import type { StreamKey, StreamsState, UiMessage } from "../../model/types";
import { applyChunk } from "./streaming";

const NONE: readonly { offset: number; chunk: string }[] = [];
const KEYS: StreamKey[] = ["agent", "askOnly", "discuss", "human"];

export function streamHolding(state: StreamsState, id: string): StreamKey | null {
  for (const key of KEYS) if (state[key].messages.some((m) => m.id === id)) return key;
  return null;
}

function change(state: StreamsState, key: StreamKey, id: string, edit: (m: UiMessage) => UiMessage): StreamsState {
  const stream = state[key];
  const messages = updateMessage(stream.messages, id, edit);
  return messages === stream.messages ? state : { ...state, [key]: { ...stream, messages } };
}

/** The agent's live-reply actions, handled by the streams reducer. */
export type ReplyAction =
  /** `placeholder`: the row to create when no stream holds the reply yet (a late joiner). */
  | { type: "chunk"; messageId: string; offset: number; chunk: string; placeholder: { stream: StreamKey; message: UiMessage } | null }
  /** `streaming_done`: the text is final even before `message_updated` brings the stored copy. */
  | { type: "streamDone"; messageId: string }
  /** The refresh action's stored text. */
  | { type: "replaceContent"; messageId: string; content: string };

export function replyReducer(state: StreamsState, action: ReplyAction): StreamsState {
  switch (action.type) {
    case "chunk": {
      let key = streamHolding(state, action.messageId);
      let current = state;
      if (!key) {
        if (!action.placeholder) return state;
        key = action.placeholder.stream;
        const stream = state[key];
        // Also before the stream's first page: that page merges with it by id and keeps the longer text.
        current = { ...state, [key]: { ...stream, messages: [...stream.messages, action.placeholder.message] } };
      }
      return change(current, key, action.messageId, (m) => {
        const held = m.heldChunks ?? NONE;
        const live = applyChunk({ content: m.content, held }, action.offset, action.chunk);
        return live.content === m.content && live.held === held ? m : { ...m, content: live.content, heldChunks: live.held };
      });
    }
    case "streamDone": {
      const key = streamHolding(state, action.messageId);
      return key ? change(state, key, action.messageId, (m) => ({ ...m, isStreamingComplete: true })) : state;
    }
    case "replaceContent": {
      const key = streamHolding(state, action.messageId);
      return key ? change(state, key, action.messageId, (m) => ({ ...m, content: action.content, heldChunks: [], isStreamingComplete: true })) : state;
    }
  }
}

/** Who sent the message a reply answers, when this tab holds both; null otherwise. */
export function askerOf(state: StreamsState, replyId: string): string | null {
  const key = streamHolding(state, replyId);
  if (!key) return null;
  const { messages } = state[key];
  const requestId = messages.find((m) => m.id === replyId)?.replyToMessageId;
  if (!requestId) return null;
  return messages.find((m) => m.id === requestId)?.sender?.id ?? null;
}
