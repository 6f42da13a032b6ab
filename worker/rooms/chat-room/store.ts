import type { ChatStream } from "../../../contract";
import { FeedbackStore } from "./feedback-store";
import { IN_JSON_LIST } from "./sql-lists";
import type { RoomMember } from "./types";
import { UNSEARCHED_TYPES } from "./mirror";

/** What an agent's transcript reads of a message. */
export type TranscriptRow = Pick<MessageRow, "seq" | "sender_type" | "sender_name" | "message_type" | "content"> & Record<string, SqlStorageValue>;
const TRANSCRIPT_COLUMNS = "seq, sender_type, sender_name, message_type, content";

/** One message row as stored in the room's SQLite. */
export interface MessageRow extends MessageFields {
  seq: number;
}

/** A message row's columns but its seq: what an insert binds. */
export interface MessageFields {
  id: string;
  chat_type: number;
  visible_to: string | null;
  sender_id: string | null;
  sender_name: string;
  sender_image: string | null;
  sender_type: string;
  message_type: string;
  content: string;
  attachments: string;
  reply_to_id: string | null;
  created_at: number;
  /** 1 while an agent reply is still being written. */
  streaming: number;
  /** 1 once the mirror has no use for it in the run of new rows (see messageFields). */
  mirrored: number;
  [key: string]: SqlStorageValue;
}

export interface NewMessage {
  id: string;
  chatType: ChatStream;
  visibleTo: string | null;
  sender: RoomMember;
  messageType: string;
  content: string;
  attachments: string;
  replyToId: string | null;
  createdAt: number;
  /** An agent reply placeholder: kept out of the mirror until its text is final. */
  streaming?: boolean;
  /** Owner-only cards stay out of the D1 mirror (search, unread counts) for good. */
  keepOutOfMirror?: boolean;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS members (id TEXT PRIMARY KEY, name TEXT NOT NULL, image TEXT, type TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  chat_type INTEGER NOT NULL,
  visible_to TEXT,
  sender_id TEXT,
  sender_name TEXT NOT NULL,
  sender_image TEXT,
  sender_type TEXT NOT NULL,
  message_type TEXT NOT NULL,
  content TEXT NOT NULL,
  attachments TEXT NOT NULL DEFAULT '[]',
  reply_to_id TEXT,
  created_at INTEGER NOT NULL,
  mirrored INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS messages_viewer ON messages(visible_to, chat_type, seq);
CREATE TABLE IF NOT EXISTS mirror_late (seq INTEGER PRIMARY KEY);`;

/** Columns added after the first release, for rooms created before them. */
const ADDED_COLUMNS: [string, string][] = [["streaming", "INTEGER NOT NULL DEFAULT 0"]];

/**
 * Every index is one more B-tree page each message insert writes, on the path of every send. The
 * viewer index serves every stream query (a member's own rows and everyone's, each read in seq
 * order), so the plain stream index only cost a page; the mirror's queue of rows is a watermark in
 * meta now, so its partial index went too. Rooms created before drop them here.
 */
const DROPPED_INDEXES = ["messages_stream", "messages_unmirrored"];

/** Meta key: every message up to this seq was handed to the mirror, or never goes (see mirrorPending). */
const MIRROR_THROUGH = "mirrorThrough";

/**
 * A message with `visible_to` belongs to one user: ask-only messages (stream 2), and cards only the
 * owner sees (permission requests). Everything else is visible to every member.
 * The unary plus keeps SQLite off the viewer index for this OR: the room's SQLite has no statistics,
 * and without them it would read every row the viewer can see through both halves of the OR and sort
 * them, where the id index or the seq order finds the few rows asked for.
 */
const VISIBLE = "(+visible_to IS NULL OR +visible_to = ?)";

const MESSAGE_COLUMNS = [
  "id",
  "chat_type",
  "visible_to",
  "sender_id",
  "sender_name",
  "sender_image",
  "sender_type",
  "message_type",
  "content",
  "attachments",
  "reply_to_id",
  "created_at",
  "streaming",
  "mirrored",
] as const;
const INSERT_MESSAGE = `INSERT INTO messages (${MESSAGE_COLUMNS.join(", ")})`;
const MESSAGE_PARAMS = MESSAGE_COLUMNS.map(() => "?").join(", ");

function messageFields(m: NewMessage): MessageFields {
  return {
    id: m.id,
    chat_type: m.chatType,
    visible_to: m.visibleTo,
    sender_id: m.sender.id,
    sender_name: m.sender.name,
    sender_image: m.sender.image,
    sender_type: m.sender.type,
    message_type: m.messageType,
    content: m.content,
    attachments: m.attachments,
    reply_to_id: m.replyToId,
    created_at: m.createdAt,
    streaming: m.streaming ? 1 : 0,
    // `mirrored` 1: not sent with the run of new rows (mirrorPending): a reply still being written
    // comes later through mirror_late, an owner-only card never goes.
    mirrored: m.streaming || m.keepOutOfMirror ? 1 : 0,
  };
}

/** The bound values of INSERT_MESSAGE, in its column order. */
function boundValues(fields: MessageFields): SqlStorageValue[] {
  const values: SqlStorageValue[] = [];
  for (const column of MESSAGE_COLUMNS) values.push(fields[column]);
  return values;
}

/**
 * Both inserts return only the seq: the row is the values just bound (messageFields) with it, which
 * spares SQLite reading all of it back and workerd turning it into an object, on every send (a
 * third of the statement's time in workerd).
 */
const INSERT_NEW = `${INSERT_MESSAGE} VALUES (${MESSAGE_PARAMS}) RETURNING seq`;
const INSERT_IF_NEW = `${INSERT_MESSAGE} SELECT ${MESSAGE_PARAMS} WHERE NOT EXISTS (SELECT 1 FROM messages WHERE id = ?) RETURNING seq`;

/**
 * The room's messages, members and meta in its SQLite; reactions and likes in `feedback`. Synchronous:
 * the room's SQLite lives in the same thread.
 */
export class RoomStore {
  // Read-through caches of small tables that every send consults. SQLite stays the source of truth:
  // they are rebuilt from it whenever the object wakes up, and written through on every change.
  private metaCache = new Map<string, string | null>();
  private memberCache: Map<string, RoomMember> | null = null;
  /** Reactions and likes: their own tables, in the same SQLite. */
  readonly feedback: FeedbackStore;

  constructor(private readonly sql: SqlStorage) {
    this.createSchema();
    this.feedback = new FeedbackStore(sql);
  }

  private createSchema(): void {
    this.sql.exec(SCHEMA);
    const have = new Set(
      this.sql
        .exec<{ name: string }>("SELECT name FROM pragma_table_info('messages')")
        .toArray()
        .map((c) => c.name),
    );
    for (const [name, type] of ADDED_COLUMNS) if (!have.has(name)) this.sql.exec(`ALTER TABLE messages ADD COLUMN ${name} ${type}`);
    // Only replies being written are in it, so a plain message writes nothing to it, and a room
    // waking up finds its interrupted replies without reading every message it holds.
    this.sql.exec("CREATE INDEX IF NOT EXISTS messages_streaming ON messages(seq) WHERE streaming = 1");
    if (this.getMeta(MIRROR_THROUGH) === null) {
      // A room from before the watermark: its rows marked 0 are the ones the mirror still waits for.
      const first = this.sql.exec<{ s: number | null }>("SELECT MIN(seq) AS s FROM messages WHERE mirrored = 0").one().s;
      this.setMeta(MIRROR_THROUGH, String(first === null ? this.headSeq() : first - 1));
    }
    for (const index of DROPPED_INDEXES) this.sql.exec(`DROP INDEX IF EXISTS ${index}`);
  }

  getMeta(key: string): string | null {
    if (!this.metaCache.has(key)) {
      const row = this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0];
      this.metaCache.set(key, row?.value ?? null);
    }
    return this.metaCache.get(key) ?? null;
  }

  setMeta(key: string, value: string): void {
    this.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", key, value);
    this.metaCache.set(key, value);
  }

  private memberMap(): Map<string, RoomMember> {
    if (!this.memberCache) {
      const rows = this.sql.exec<RoomMember & Record<string, SqlStorageValue>>("SELECT id, name, image, type FROM members").toArray();
      this.memberCache = new Map(rows.map((m) => [m.id, { id: m.id, name: m.name, image: m.image, type: m.type }]));
    }
    return this.memberCache;
  }

  member(id: string): RoomMember | null {
    return this.memberMap().get(id) ?? null;
  }

  members(): RoomMember[] {
    return [...this.memberMap().values()];
  }

  replaceMembers(members: RoomMember[]): void {
    this.sql.exec("DELETE FROM members");
    for (const m of members) this.sql.exec("INSERT INTO members (id, name, image, type) VALUES (?, ?, ?, ?)", m.id, m.name, m.image, m.type);
    this.memberCache = new Map(members.map((m) => [m.id, m]));
  }

  /** After deleteAll(): the caches describe storage that no longer exists, and the tables are gone. */
  reset(): void {
    this.metaCache.clear();
    this.memberCache = null;
    this.createSchema();
    this.feedback.createSchema();
  }

  headSeq(): number {
    return this.sql.exec<{ s: number | null }>("SELECT MAX(seq) AS s FROM messages").one().s ?? 0;
  }

  byId(id: string): MessageRow | null {
    return this.sql.exec<MessageRow>("SELECT * FROM messages WHERE id = ?", id).toArray()[0] ?? null;
  }

  byIds(ids: string[], viewerId: string): MessageRow[] {
    if (ids.length === 0) return [];
    return this.sql.exec<MessageRow>(`SELECT * FROM messages WHERE id ${IN_JSON_LIST} AND ${VISIBLE} ORDER BY seq`, JSON.stringify(ids), viewerId).toArray();
  }

  insert(m: NewMessage): MessageRow {
    const fields = messageFields(m);
    return { seq: this.sql.exec<{ seq: number }>(INSERT_NEW, ...boundValues(fields)).one().seq, ...fields };
  }

  /**
   * Inserts a message unless one with its id is stored already (then null): one statement for the
   * usual new message. The check is inside the statement, so a retried id allocates no AUTOINCREMENT
   * value and leaves no gap in seq, as a plain insert refused by the UNIQUE id would.
   */
  insertIfNew(m: NewMessage): MessageRow | null {
    const fields = messageFields(m);
    const inserted = this.sql.exec<{ seq: number }>(INSERT_IF_NEW, ...boundValues(fields), m.id).toArray()[0];
    return inserted ? { seq: inserted.seq, ...fields } : null;
  }

  /**
   * Saves a reply's text so far; `final` ends its streaming and queues it for the mirror. A reply
   * ends long after the watermark may have passed it, so it always joins the mirror through
   * mirror_late, never through the run of new rows.
   */
  saveContent(id: string, content: string, final: boolean): MessageRow | null {
    const sql = final ? "UPDATE messages SET content = ?, streaming = 0 WHERE id = ? RETURNING *" : "UPDATE messages SET content = ? WHERE id = ? RETURNING *";
    const row = this.sql.exec<MessageRow>(sql, content, id).toArray()[0] ?? null;
    if (row && final) this.sql.exec("INSERT OR IGNORE INTO mirror_late (seq) VALUES (?)", row.seq);
    return row;
  }

  /** Replies still marked streaming when no run is alive (the object restarted mid-reply). */
  orphanedReplies(): MessageRow[] {
    return this.sql.exec<MessageRow>("SELECT * FROM messages WHERE streaming = 1").toArray();
  }

  /**
   * Up to `limit` rows of one stream that a viewer can see, on one side of a seq, in seq order: the
   * viewer's own rows and everyone's are each read in order off the viewer index and merged, so the
   * read never passes the ask-only rows of everyone else, nor sorts the whole stream.
   */
  private viewerStream<Row extends Record<string, SqlStorageValue>>(
    columns: string,
    viewerId: string,
    chatType: ChatStream,
    side: "before" | "after",
    seq: number,
    limit: number,
  ): Row[] {
    const [op, order] = side === "before" ? ["<", "DESC"] : [">", "ASC"];
    const half = (who: string) =>
      `SELECT ${columns} FROM (SELECT ${columns} FROM messages WHERE ${who} AND chat_type = ? AND seq ${op} ? ORDER BY seq ${order} LIMIT ?)`;
    return this.sql
      .exec<Row>(
        `${half("visible_to = ?")} UNION ALL ${half("visible_to IS NULL")} ORDER BY seq ${order} LIMIT ?`,
        viewerId,
        chatType,
        seq,
        limit,
        chatType,
        seq,
        limit,
        limit,
      )
      .toArray();
  }

  /** A stream's messages after a seq, oldest first. */
  streamAfter(viewerId: string, chatType: ChatStream, afterSeq: number, limit: number): MessageRow[] {
    return this.viewerStream<MessageRow>("*", viewerId, chatType, "after", afterSeq, limit);
  }

  /** The newest messages of a stream a viewer can see, oldest first: the conversation an agent reads. */
  recent(viewerId: string, chatType: ChatStream, beforeSeq: number, limit: number): TranscriptRow[] {
    // Only the columns a prompt reads: each run reads up to twice `limit` rows, and a hundred members
    // asking at once pay for every column of every one of them.
    return this.viewerStream<TranscriptRow>(TRANSCRIPT_COLUMNS, viewerId, chatType, "before", beforeSeq, limit).reverse();
  }

  /** One page of a stream, newest first in SQL, returned oldest first. One extra row tells hasMore. */
  page(viewerId: string, chatType: ChatStream | undefined, before: number, limit: number): { rows: MessageRow[]; hasMore: boolean } {
    const rows =
      chatType === undefined
        ? this.sql.exec<MessageRow>(`SELECT * FROM messages WHERE ${VISIBLE} AND seq < ? ORDER BY seq DESC LIMIT ?`, viewerId, before, limit + 1).toArray()
        : this.viewerStream<MessageRow>("*", viewerId, chatType, "before", before, limit + 1);
    const hasMore = rows.length > limit;
    return { rows: rows.slice(0, limit).reverse(), hasMore };
  }

  since(viewerId: string, afterSeq: number, limit: number): MessageRow[] {
    return this.sql.exec<MessageRow>(`SELECT * FROM messages WHERE seq > ? AND ${VISIBLE} ORDER BY seq LIMIT ?`, afterSeq, viewerId, limit).toArray();
  }

  /**
   * What the mirror has not had yet, up to `limit` of each kind: replies that ended after the
   * watermark passed them (`late`), then the rows after the watermark. Those are read whether they
   * go or not, so the watermark also passes what never goes (`mirrored` 1: a reply still being
   * written, which comes back through mirror_late when it ends, or an owner-only card). `through` is
   * where the watermark moves once they are sent; `more` tells that a kind filled its limit.
   */
  mirrorPending(limit: number): { late: MessageRow[]; fresh: MessageRow[]; through: number; more: boolean } {
    const late = this.sql.exec<MessageRow>("SELECT m.* FROM mirror_late l JOIN messages m ON m.seq = l.seq ORDER BY l.seq LIMIT ?", limit).toArray();
    const after = this.sql.exec<MessageRow>("SELECT * FROM messages WHERE seq > ? ORDER BY seq LIMIT ?", this.mirrorThrough(), limit).toArray();
    const through = after.at(-1)?.seq ?? this.mirrorThrough();
    return { late, fresh: after.filter((r) => r.mirrored === 0), through, more: late.length === limit || after.length === limit };
  }

  /** After mirrorPending's rows went to the queue. Rows stored meanwhile lie past `through`. */
  mirrorSent(late: MessageRow[], through: number): void {
    if (late.length > 0) this.sql.exec(`DELETE FROM mirror_late WHERE seq ${IN_JSON_LIST}`, JSON.stringify(late.map((r) => r.seq)));
    if (through !== this.mirrorThrough()) this.setMeta(MIRROR_THROUGH, String(through));
  }

  private mirrorThrough(): number {
    return Number(this.getMeta(MIRROR_THROUGH) ?? 0);
  }

  /** What the search index holds of this room, after a seq: finished messages, not owner-only cards or run notices. */
  searchable(afterSeq: number, limit: number): MessageRow[] {
    return this.sql
      .exec<MessageRow>(
        `SELECT * FROM messages WHERE seq > ? AND streaming = 0 AND message_type NOT IN (${UNSEARCHED_TYPES.map((t) => `'${t}'`).join(", ")}) ORDER BY seq LIMIT ?`,
        afterSeq,
        limit,
      )
      .toArray();
  }
}
