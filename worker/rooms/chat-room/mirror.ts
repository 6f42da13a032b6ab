import { readableText } from "../../lib/message-text";
import type { MessageRow } from "./store";

/** One message as the D1 mirror stores it (queue job body, validated by the consumer). */
export interface MirrorItem {
  id: string;
  seq: number;
  chatType: number;
  visibleTo: string | null;
  senderId: string | null;
  senderType: string;
  senderName: string;
  messageType: string;
  /** What the message says as text (readableText), cut to MIRROR_TEXT_MAX. */
  content: string;
  createdAt: number;
}

/** The search index does not need a whole novel; long texts are cut for the mirror only. */
export const MIRROR_TEXT_MAX = 4000;

/** Run notices (a step card, a run stopped): shown in the chat, never found by search. */
export const UNSEARCHED_TYPES: readonly string[] = ["system_alert", "status_update"];

export function toMirrorItem(row: MessageRow): MirrorItem {
  return {
    id: row.id,
    seq: row.seq,
    chatType: row.chat_type,
    visibleTo: row.visible_to,
    senderId: row.sender_id,
    senderType: row.sender_type,
    senderName: row.sender_name,
    messageType: row.message_type,
    content: readableText(row.message_type, row.content).slice(0, MIRROR_TEXT_MAX),
    createdAt: row.created_at,
  };
}

/**
 * Messages go to the queue in batches from an alarm: fewer queue calls and consumer runs, and the
 * alarm retries a failed flush. Half a second keeps a message searchable within about a second of
 * being sent (the queue consumer merges the rooms' jobs, so more frequent flushes cost it little),
 * while a busy room still flushes at most twice a second, off its members' path.
 */
export const MIRROR_BATCH = 100;
export const MIRROR_DELAY_MS = 500;
