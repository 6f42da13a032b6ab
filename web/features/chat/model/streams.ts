import { MESSAGE_PAGE_SIZE, type ChatKind, type ChatMessage } from "../../../../contract";
import type { QueryParams } from "../../../app/api/client";
import { STREAM_CHAT_TYPE, type StreamKey } from "./types";

/** Spec 02 §2.6: the tab bar exists only for chats with an agent. */
export function hasStreamTabs(kind: ChatKind): boolean {
  return kind === "single_group" || kind === "virtual_employee";
}

/** The streams of a chat in tab order: 'Team Agent', 'My Agent', 'Discussion'. */
export function streamsOf(kind: ChatKind): StreamKey[] {
  return hasStreamTabs(kind) ? ["agent", "askOnly", "discuss"] : ["human"];
}

/** The stream an incoming message belongs to, or null when the chat does not show it. */
export function streamOfMessage(message: Pick<ChatMessage, "chat_type" | "chatType">, streams: readonly StreamKey[]): StreamKey | null {
  const type = message.chat_type ?? message.chatType ?? 0;
  if (streams.includes("human")) return type === 0 ? "human" : null;
  if (type === 1) return "agent";
  if (type === 2) return "askOnly";
  return "discuss";
}

/** `GET` path and query of a stream's history page (spec 02 §7). */
export function historyRequest(chatId: string, myUserId: string, stream: StreamKey, before: string | null): { url: string; params: QueryParams } {
  const params: QueryParams = { limit: MESSAGE_PAGE_SIZE };
  if (stream !== "human") params.chat_type = STREAM_CHAT_TYPE[stream];
  if (before) params.before = before;
  const id = stream === "askOnly" ? `${chatId}_${myUserId}` : chatId;
  return { url: `/api/group-chats/${encodeURIComponent(id)}/messages`, params };
}

/** `is_agent_msg` of the mark-read call: 1 for the agent tab, 0 for every other. */
export function markReadFlag(stream: StreamKey): 0 | 1 {
  return stream === "agent" ? 1 : 0;
}

/** The translation key of the load-failure toast of a stream (spec 02 §8). */
export function loadFailedKey(stream: StreamKey): "chat.loadFailed.agent" | "chat.loadFailed.discuss" | "chat.loadFailed.askOnly" | "chat.loadFailed.messages" {
  if (stream === "agent") return "chat.loadFailed.agent";
  if (stream === "discuss") return "chat.loadFailed.discuss";
  if (stream === "askOnly") return "chat.loadFailed.askOnly";
  return "chat.loadFailed.messages";
}
