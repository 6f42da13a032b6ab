import type { ReactionSummary } from "../../../contract";
import { IN_JSON_LIST } from "./sql-lists";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS reactions (
  message_id TEXT NOT NULL, user_id TEXT NOT NULL, user_name TEXT NOT NULL, emoji TEXT NOT NULL, created_at INTEGER NOT NULL,
  PRIMARY KEY (message_id, user_id)
);
CREATE TABLE IF NOT EXISTS likes (
  message_id TEXT NOT NULL, user_id TEXT NOT NULL, value INTEGER NOT NULL, reason TEXT, detail TEXT,
  PRIMARY KEY (message_id, user_id)
);`;

/** Likes and dislikes of a batch of messages, and the viewer's own (1, -1 or 0). */
export type LikeCounts = { likes: number; dislikes: number; mine: number };

/** What members say about messages: emoji reactions and likes, one of each per member and message. */
export class FeedbackStore {
  constructor(private readonly sql: SqlStorage) {
    this.createSchema();
  }

  /** Also after deleteAll(), when the tables are gone. */
  createSchema(): void {
    this.sql.exec(SCHEMA);
  }

  /** One reaction per user per message: the same emoji removes it, another replaces it (spec 02 §4). */
  toggleReaction(messageId: string, userId: string, userName: string, emoji: string, now: number): "added" | "removed" | "replaced" {
    const current = this.sql.exec<{ emoji: string }>("SELECT emoji FROM reactions WHERE message_id = ? AND user_id = ?", messageId, userId).toArray()[0];
    if (current?.emoji === emoji) {
      this.sql.exec("DELETE FROM reactions WHERE message_id = ? AND user_id = ?", messageId, userId);
      return "removed";
    }
    this.sql.exec(
      "INSERT INTO reactions (message_id, user_id, user_name, emoji, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(message_id, user_id) DO UPDATE SET emoji = excluded.emoji, user_name = excluded.user_name, created_at = excluded.created_at",
      messageId,
      userId,
      userName,
      emoji,
      now,
    );
    return current ? "replaced" : "added";
  }

  reactions(messageIds: string[]): Map<string, ReactionSummary[]> {
    const out = new Map<string, ReactionSummary[]>();
    if (messageIds.length === 0) return out;
    const rows = this.sql
      .exec<{ message_id: string; user_id: string; user_name: string; emoji: string }>(
        `SELECT message_id, user_id, user_name, emoji FROM reactions WHERE message_id ${IN_JSON_LIST} ORDER BY created_at`,
        JSON.stringify(messageIds),
      )
      .toArray();
    for (const r of rows) {
      const list = out.get(r.message_id) ?? [];
      let summary = list.find((s) => s.emoji === r.emoji);
      if (!summary) {
        summary = { emoji: r.emoji, count: 0, users: [] };
        list.push(summary);
      }
      summary.count += 1;
      summary.users.push({ id: r.user_id, name: r.user_name, isAnonymous: false });
      out.set(r.message_id, list);
    }
    return out;
  }

  /** Repeating the same rating clears it (spec 02 §4 "Likes"). */
  rate(messageId: string, userId: string, value: 1 | -1, reason: string | null, detail: string | null): void {
    const current = this.sql.exec<{ value: number }>("SELECT value FROM likes WHERE message_id = ? AND user_id = ?", messageId, userId).toArray()[0];
    if (current?.value === value) {
      this.sql.exec("DELETE FROM likes WHERE message_id = ? AND user_id = ?", messageId, userId);
      return;
    }
    this.sql.exec(
      "INSERT INTO likes (message_id, user_id, value, reason, detail) VALUES (?, ?, ?, ?, ?) ON CONFLICT(message_id, user_id) DO UPDATE SET value = excluded.value, reason = excluded.reason, detail = excluded.detail",
      messageId,
      userId,
      value,
      reason,
      detail,
    );
  }

  likes(messageIds: string[], viewerId: string): Map<string, LikeCounts> {
    const out = new Map<string, LikeCounts>();
    if (messageIds.length === 0) return out;
    const rows = this.sql
      .exec<{ message_id: string; likes: number; dislikes: number; mine: number }>(
        `SELECT message_id, SUM(value = 1) AS likes, SUM(value = -1) AS dislikes, SUM(CASE WHEN user_id = ? THEN value ELSE 0 END) AS mine
         FROM likes WHERE message_id ${IN_JSON_LIST} GROUP BY message_id`,
        viewerId,
        JSON.stringify(messageIds),
      )
      .toArray();
    for (const r of rows) out.set(r.message_id, { likes: r.likes, dislikes: r.dislikes, mine: r.mine });
    return out;
  }
}
