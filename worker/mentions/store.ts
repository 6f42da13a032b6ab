import { MENTIONS_KEPT, type Mention, type MentionsAnswer } from "../../contract";

/** What the room's detection hands the recipient's inbox for one mention. */
export interface MentionInput {
  chatId: string;
  chatName: string;
  messageId: string;
  chatType: number;
  mentionType: Mention["mentionType"];
  senderName: string;
  messagePreview: string;
  /** When the message was sent (ms): the list is ordered by it, then by the message's place in its chat. */
  createdAt: number;
  seq: number;
}

interface MentionRow extends Record<string, SqlStorageValue> {
  id: string;
  chat_id: string;
  chat_name: string;
  message_id: string;
  chat_type: number;
  mention_type: string;
  sender_name: string;
  preview: string;
  created_at: number;
  seq: number;
  read: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS mentions (
  id TEXT PRIMARY KEY,
  chat_id TEXT NOT NULL,
  chat_name TEXT NOT NULL,
  message_id TEXT NOT NULL,
  chat_type INTEGER NOT NULL,
  mention_type TEXT NOT NULL,
  sender_name TEXT NOT NULL,
  preview TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  read INTEGER NOT NULL DEFAULT 0,
  UNIQUE (chat_id, message_id)
);
CREATE INDEX IF NOT EXISTS mentions_newest ON mentions (created_at DESC, seq DESC);
`;

/** Newest first; within one millisecond, later in its chat first (deliveries may arrive out of order). */
const NEWEST_FIRST = "ORDER BY created_at DESC, seq DESC, rowid DESC";

function toMention(row: MentionRow): Mention {
  return {
    id: row.id,
    timestamp: new Date(row.created_at).toISOString(),
    read: row.read === 1,
    mentionType: row.mention_type === "all" ? "all" : "user",
    senderName: row.sender_name,
    messagePreview: row.preview,
    chatId: row.chat_id,
    chatName: row.chat_name,
    messageId: row.message_id,
    chatType: row.chat_type,
  };
}

/**
 * One user's mention notifications, in their UserInbox's SQLite. Everything here is the user's own,
 * so an id from anyone else's list is simply not found. At most MENTIONS_KEPT rows: each insert
 * drops the oldest beyond that. The table is made on first use, so an inbox that never hears of a
 * mention never pays for it.
 */
export class MentionStore {
  private ready = false;

  constructor(private readonly sql: SqlStorage) {}

  private db(): SqlStorage {
    if (!this.ready) {
      this.sql.exec(SCHEMA);
      this.ready = true;
    }
    return this.sql;
  }

  /**
   * Stores a mention once per (chat, message): a repeat (a retried job, a message edited and sent
   * again) changes nothing and returns null, as does a mention older than everything kept.
   */
  add(input: MentionInput): Mention | null {
    const sql = this.db();
    const id = `mention_${crypto.randomUUID().replaceAll("-", "")}`;
    const inserted = sql
      .exec<MentionRow>(
        `INSERT INTO mentions (id, chat_id, chat_name, message_id, chat_type, mention_type, sender_name, preview, created_at, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chat_id, message_id) DO NOTHING RETURNING *`,
        id,
        input.chatId,
        input.chatName,
        input.messageId,
        input.chatType,
        input.mentionType,
        input.senderName,
        input.messagePreview,
        input.createdAt,
        input.seq,
      )
      .toArray()[0];
    if (!inserted) return null;
    sql.exec(`DELETE FROM mentions WHERE id IN (SELECT id FROM mentions ${NEWEST_FIRST} LIMIT -1 OFFSET ?)`, MENTIONS_KEPT);
    const kept = sql.exec<MentionRow>("SELECT * FROM mentions WHERE id = ?", id).toArray()[0];
    return kept ? toMention(kept) : null;
  }

  list(): MentionsAnswer {
    const sql = this.db();
    const mentions = sql.exec<MentionRow>(`SELECT * FROM mentions ${NEWEST_FIRST} LIMIT ?`, MENTIONS_KEPT).toArray().map(toMention);
    return { mentions, unread: mentions.filter((m) => !m.read).length };
  }

  /** Marks these (null: all) read. False, with nothing changed, when any id is not here. */
  markRead(ids: readonly string[] | null): boolean {
    const sql = this.db();
    if (ids === null) {
      sql.exec("UPDATE mentions SET read = 1 WHERE read = 0");
      return true;
    }
    const unique = [...new Set(ids)];
    if (unique.length === 0) return true;
    const marks = unique.map(() => "?").join(", ");
    const found = sql.exec<{ n: number }>(`SELECT count(*) AS n FROM mentions WHERE id IN (${marks})`, ...unique).one().n;
    if (found !== unique.length) return false;
    sql.exec(`UPDATE mentions SET read = 1 WHERE id IN (${marks})`, ...unique);
    return true;
  }

  clear(): void {
    this.db().exec("DELETE FROM mentions");
  }

  /** False when there is no such mention here. */
  remove(id: string): boolean {
    const cursor = this.db().exec("DELETE FROM mentions WHERE id = ?", id);
    cursor.toArray();
    return cursor.rowsWritten > 0;
  }
}
