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
 * alarm retries a failed flush. A second of delay is invisible to search and unread badges, while
 * flushing more often costs every member's latency in a busy room.
 */
export const MIRROR_BATCH = 100;
export const MIRROR_DELAY_MS = 1000;
