import { mergeLiveReply } from "../agent/model/streaming";
import type { UiMessage } from "./types";

/** Messages without a seq yet (optimistic) sort after every stored one. */
function seqKey(message: UiMessage): number {
  return message.seq > 0 ? message.seq : Number.POSITIVE_INFINITY;
}

function timeKey(message: UiMessage): number {
  const time = Date.parse(message.createdAt);
  return Number.isNaN(time) ? 0 : time;
}

/** Stream order: by the room's seq, then by creation time (spec 02 §4 "Streaming messages"). */
export function compareMessages(a: UiMessage, b: UiMessage): number {
  const bySeq = seqKey(a) - seqKey(b);
  if (bySeq !== 0 && !Number.isNaN(bySeq)) return bySeq;
  return timeKey(a) - timeKey(b);
}

/**
 * A server copy replaces a local one. The room's broadcast carries no reply preview, so a preview
 * known locally is kept; a stored message (seq > 0) is no longer pending; a placeholder without seq
 * takes the stored copy's seq.
 */
function combine(existing: UiMessage, incoming: UiMessage): UiMessage {
  const merged: UiMessage = { ...existing, ...incoming };
  if (!incoming.replyToMessage && existing.replyToMessage) merged.replyToMessage = existing.replyToMessage;
  if (incoming.seq > 0) {
    merged.pending = false;
    merged.failed = null;
  }
  // Agent replies grow chunk by chunk: never let an older copy shorten or reopen one.
  const live = mergeLiveReply(existing, incoming);
  return live ? Object.assign(merged, live) : merged;
}

/** Merges messages by id (never duplicating one) and keeps the list sorted. */
export function mergeMessages(list: readonly UiMessage[], incoming: readonly UiMessage[]): UiMessage[] {
  if (incoming.length === 0) return list as UiMessage[];
  const byId = new Map<string, UiMessage>();
  for (const message of list) byId.set(message.id, message);
  for (const message of incoming) {
    const existing = byId.get(message.id);
    byId.set(message.id, existing ? combine(existing, message) : message);
  }
  return [...byId.values()].sort(compareMessages);
}

/** Applies `change` to the message with `id`; returns the same array when it is not there. */
export function updateMessage(list: UiMessage[], id: string, change: (message: UiMessage) => UiMessage): UiMessage[] {
  const index = list.findIndex((m) => m.id === id);
  if (index < 0) return list;
  const next = list.slice();
  next[index] = change(list[index]!);
  return next.sort(compareMessages);
}

export function removeMessage(list: UiMessage[], id: string): UiMessage[] {
  const next = list.filter((m) => m.id !== id);
  return next.length === list.length ? list : next;
}

/** The highest seq in a list (0 for none). */
export function maxSeq(list: readonly UiMessage[]): number {
  let max = 0;
  for (const message of list) if (message.seq > max) max = message.seq;
  return max;
}

/**
 * The room's live broadcast carries no reply preview (history does): fill it from a loaded
 * original so the preview shows at once.
 */
export function withReplyPreviews(list: readonly UiMessage[], incoming: readonly UiMessage[]): UiMessage[] {
  return incoming.map((message) => {
    if (!message.replyToMessageId || message.replyToMessage) return message;
    const original = list.find((m) => m.id === message.replyToMessageId) ?? incoming.find((m) => m.id === message.replyToMessageId);
    if (!original) return message;
    const senderName = original.virtualSender?.name ?? original.sender?.name ?? "";
    return { ...message, replyToMessage: { id: original.id, content: original.content.slice(0, 100), senderName } };
  });
}
