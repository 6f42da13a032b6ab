import type { LikeState, MessagesPage, ReactionSummary } from "../../../../contract";
import { replyReducer, type ReplyAction } from "../agent/model/replyStreams";
import { mergeMessages, removeMessage, updateMessage, withReplyPreviews } from "./merge";
import type { StreamKey, StreamState, StreamsState, UiMessage } from "./types";

export const EMPTY_STREAM: StreamState = { messages: [], nextCursor: null, hasMore: false, loading: false, loaded: false };

export function initialStreams(): StreamsState {
  return { agent: EMPTY_STREAM, discuss: EMPTY_STREAM, askOnly: EMPTY_STREAM, human: EMPTY_STREAM };
}

export type StreamsAction =
  | { type: "loadStart"; stream: StreamKey }
  /** `initial` replaces paging; `older` prepends and moves the cursor; `refresh` only merges the newest page. */
  | { type: "loadDone"; stream: StreamKey; page: MessagesPage; mode: "initial" | "older" | "refresh" }
  | { type: "loadFailed"; stream: StreamKey }
  | { type: "incoming"; stream: StreamKey; messages: UiMessage[] }
  | { type: "acked"; id: string; timestamp: string; seq: number | null }
  | { type: "shownAsSent"; id: string }
  | { type: "sendFailed"; id: string; error: string; remove: boolean }
  | { type: "reactions"; id: string; reactions: ReactionSummary[] }
  | { type: "likes"; id: string; likes: Partial<LikeState> }
  | ReplyAction;

const KEYS: StreamKey[] = ["agent", "discuss", "askOnly", "human"];

/** Runs `change` on the stream that holds message `id` (a message lives in exactly one stream). */
function onMessage(state: StreamsState, id: string, change: (list: UiMessage[]) => UiMessage[]): StreamsState {
  for (const key of KEYS) {
    const stream = state[key];
    if (!stream.messages.some((m) => m.id === id)) continue;
    const messages = change(stream.messages);
    return messages === stream.messages ? state : { ...state, [key]: { ...stream, messages } };
  }
  return state;
}

function withStream(state: StreamsState, key: StreamKey, change: (stream: StreamState) => StreamState): StreamsState {
  return { ...state, [key]: change(state[key]) };
}

function pageLoaded(stream: StreamState, page: MessagesPage, mode: "initial" | "older" | "refresh"): StreamState {
  const incoming = page.messages as UiMessage[];
  if (mode === "refresh") {
    // More than a page arrived while we were away: what we hold no longer joins up, start over.
    const joins = stream.messages.length === 0 || !page.pagination.hasMore || incoming.some((m) => stream.messages.some((s) => s.id === m.id));
    if (!joins)
      return {
        ...stream,
        messages: mergeMessages(
          stream.messages.filter((m) => m.pending),
          incoming,
        ),
        ...paging(page),
      };
    return { ...stream, messages: mergeMessages(stream.messages, incoming) };
  }
  const base = { ...stream, messages: mergeMessages(stream.messages, incoming), loading: false, loaded: true };
  // Older pages move the cursor back; the first page sets it, unless an older page already did.
  if (mode === "older" || !stream.loaded) return { ...base, ...paging(page) };
  return base;
}

function paging(page: MessagesPage): Pick<StreamState, "nextCursor" | "hasMore"> {
  return { nextCursor: page.pagination.nextCursor, hasMore: page.pagination.hasMore && page.pagination.nextCursor !== null };
}

export function streamsReducer(state: StreamsState, action: StreamsAction): StreamsState {
  switch (action.type) {
    case "loadStart":
      return withStream(state, action.stream, (s) => ({ ...s, loading: true }));
    case "loadDone":
      return withStream(state, action.stream, (s) => pageLoaded(s, action.page, action.mode));
    case "loadFailed":
      return withStream(state, action.stream, (s) => ({ ...s, loading: false, loaded: true }));
    case "incoming":
      return withStream(state, action.stream, (s) => ({ ...s, messages: mergeMessages(s.messages, withReplyPreviews(s.messages, action.messages)) }));
    case "acked":
      return onMessage(state, action.id, (list) =>
        updateMessage(list, action.id, (m) => ({
          ...m,
          pending: false,
          shownAsSent: false,
          failed: null,
          seq: action.seq ?? m.seq,
          createdAt: action.timestamp || m.createdAt,
          timestamp: action.timestamp || m.timestamp,
        })),
      );
    case "shownAsSent":
      return onMessage(state, action.id, (list) => updateMessage(list, action.id, (m) => (m.pending ? { ...m, shownAsSent: true } : m)));
    case "sendFailed":
      return onMessage(state, action.id, (list) =>
        action.remove ? removeMessage(list, action.id) : updateMessage(list, action.id, (m) => ({ ...m, pending: false, failed: action.error })),
      );
    case "reactions":
      return onMessage(state, action.id, (list) => updateMessage(list, action.id, (m) => ({ ...m, reactions: action.reactions })));
    case "likes":
      return onMessage(state, action.id, (list) => updateMessage(list, action.id, (m) => ({ ...m, likes: { ...m.likes, ...action.likes } })));
    case "chunk":
    case "streamDone":
    case "replaceContent":
      return replyReducer(state, action);
  }
}
