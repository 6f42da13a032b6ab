import { STREAM_AGENT, STREAM_DISCUSS, type ChatMessage } from "../../../contract";
import { messageLine } from "../../agents/prompt";
import { mergedForwardContent } from "../../lib/merged-forward";
import { hydrate } from "./mapping";
import type { MessageRow, RoomStore } from "./store";
import type { RoomMember } from "./types";

/** Spec 02 §9: up to 100 unnotified discussion messages are handed to the agent at once. */
export const UNNOTIFIED_LIMIT = 100;
const NOTICE_SEQ = "agentNoticeSeq";

/** Discussion messages the agent has not been shown yet, oldest first. */
export function unnotifiedDiscuss(store: RoomStore, chatId: string, viewerId: string, limit = UNNOTIFIED_LIMIT): ChatMessage[] {
  const after = Number(store.getMeta(NOTICE_SEQ) ?? 0);
  const rows = store.streamAfter(viewerId, STREAM_DISCUSS, after, limit).filter((r) => r.message_type !== "system_alert");
  return hydrate(store, chatId, rows, viewerId);
}

/**
 * Stores the chosen (or all unnotified) discussion messages as one merged_forward request in the
 * agent stream and remembers how far the agent has been told. Returns the stored request, or null
 * when there is nothing new to forward.
 */
export function forwardDiscuss(store: RoomStore, chatId: string, sender: RoomMember, messageIds: string[] | null, now: number): MessageRow | null {
  const pending = unnotifiedDiscuss(store, chatId, sender.id);
  const chosen = messageIds ? pending.filter((m) => messageIds.includes(m.id)) : pending;
  if (chosen.length === 0) return null;
  const row = store.insert({
    id: `msg_fwd_${crypto.randomUUID()}`,
    chatType: STREAM_AGENT,
    visibleTo: null,
    sender,
    messageType: "merged_forward",
    content: mergedForwardContent(chosen),
    attachments: "[]",
    replyToId: null,
    createdAt: now,
  });
  store.setMeta(NOTICE_SEQ, String(Math.max(...chosen.map((m) => m.seq))));
  return row;
}

/** A merged_forward as the agent reads it: one line per forwarded message. */
export function readableForward(content: string): string {
  try {
    const parsed = JSON.parse(content) as { messages?: { senderName?: string; content?: string }[] };
    // One JSON line per message, like the transcript: a forwarded text cannot pass for another sender.
    const lines = (parsed.messages ?? []).map((m) => messageLine(m.senderName ?? "?", m.content ?? ""));
    return `Please read this team discussion and respond to it. One message per line, as {"sender", "text"}:\n${lines.join("\n")}`;
  } catch {
    return content;
  }
}
