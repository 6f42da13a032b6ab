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
  content: string;
  createdAt: number;
}

export function toMirrorItem(row: MessageRow): MirrorItem {
  return {
    id: row.id,
    seq: row.seq,
    chatType: row.chat_type,
    visibleTo: row.visible_to,
    senderId: row.sender_id,
    senderType: row.sender_type,
    senderName: row.sender_name,
    content: row.content,
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
