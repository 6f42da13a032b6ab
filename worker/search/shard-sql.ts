import { chunkBySize } from "../lib/chunk-by-size";
import { SHARD_TOKENIZER, indexTextOf, plainTextOf } from "./text";

/**
 * All SQL of a search shard, over the one call it needs from a database. The Durable Object runs
 * it on its storage and the benchmark on node:sqlite, so what is measured is what runs.
 */
export type SqlValue = string | number | null;
export interface SqlExec {
  exec<T extends Record<string, SqlValue>>(sql: string, ...params: SqlValue[]): T[];
}

/**
 * `message.key` is the message's time in milliseconds times 1024 plus a slot, so the FTS rowid
 * order is time order whatever order messages arrive in (queue delays, a rebuild chat by chat),
 * and newest-first is a backwards walk of the index. Chat ids are stored once, in `chat_ref`, and
 * messages carry its small integer: a chat id costs 37 bytes, on every row and in its index.
 * A chat whose messages were purged stays in `chat_ref` with `removed = 1`, so a late queue job
 * or rebuild page never brings them back.
 */
const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS chat_ref (n INTEGER PRIMARY KEY, chat_id TEXT NOT NULL UNIQUE, removed INTEGER NOT NULL DEFAULT 0)`,
  `CREATE TABLE IF NOT EXISTS message (
    key INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    chat_n INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    chat_type INTEGER NOT NULL,
    visible_to TEXT,
    sender_name TEXT NOT NULL,
    content TEXT NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS message_chat ON message(chat_n)`,
  // Contentless: the text lives once, in `message`; the index keeps only its tokens. `chat` holds
  // one token per message, `c<chat_n>`, so a search can name the caller's chats inside the match.
  `CREATE VIRTUAL TABLE IF NOT EXISTS message_fts USING fts5(body, chat, content='', contentless_delete=1, tokenize="${SHARD_TOKENIZER}")`,
  `CREATE TABLE IF NOT EXISTS rebuild_plan (chat_id TEXT PRIMARY KEY, after_seq INTEGER NOT NULL DEFAULT 0)`,
];

const SLOTS_PER_MS = 1024;

/** A chat as a word of the FTS `chat` column. */
export function chatToken(chatN: number): string {
  return `c${chatN}`;
}

/** When the message of a key was sent (ms since the epoch). */
export function timeOfKey(key: number): number {
  return Math.floor(key / SLOTS_PER_MS);
}
/** The room already cuts the mirror's copy at this length; a shard never holds more of one message. */
export const SHARD_TEXT_MAX = 4000;
/** Larger than any key: the start of a newest-first walk. */
export const KEY_MAX = Number.MAX_SAFE_INTEGER;

export function createSchema(db: SqlExec): void {
  for (const statement of SCHEMA) db.exec(statement);
}

/** One message as the shard indexes it (the queue job's item, with its chat). */
export interface ShardMessage {
  id: string;
  chatId: string;
  seq: number;
  chatType: number;
  visibleTo: string | null;
  senderName: string;
  content: string;
  createdAt: number;
}

/** Each chat's number in `chat_ref` (added when new), or null for a chat whose messages were removed. */
function chatNumbers(db: SqlExec, chatIds: Iterable<string>): Map<string, number | null> {
  const numbers = new Map<string, number | null>();
  for (const chatId of chatIds) {
    if (numbers.has(chatId)) continue;
    let row = db.exec<{ n: number; removed: number }>("SELECT n, removed FROM chat_ref WHERE chat_id = ?", chatId)[0];
    row ??= db.exec<{ n: number; removed: number }>("INSERT INTO chat_ref (chat_id) VALUES (?) RETURNING n, removed", chatId)[0]!;
    numbers.set(chatId, row.removed ? null : row.n);
  }
  return numbers;
}

/**
 * Hands out free keys: each message's key is the next free slot at its millisecond. Past 1024
 * messages in one millisecond (never in a real organization, but a bulk import could) the key goes
 * after every key there is: still unique. The highest key taken at each of the batch's milliseconds
 * is read in one statement.
 */
function keyAllocator(db: SqlExec, createdAts: number[]): (createdAt: number) => number {
  const baseOf = (createdAt: number) => Math.max(0, Math.floor(createdAt)) * SLOTS_PER_MS;
  const bases = JSON.stringify([...new Set(createdAts.map(baseOf))]);
  const next = new Map<number, number>();
  for (const { base, k } of db.exec<{ base: number; k: number | null }>(
    `SELECT b.value AS base, (SELECT max(key) FROM message WHERE key >= b.value AND key < b.value + ${SLOTS_PER_MS}) AS k FROM json_each(?) AS b`,
    bases,
  )) {
    next.set(base, k === null ? base : k + 1);
  }
  // The batch's rows are inserted only once every key is known, so the keys handed out so far are
  // remembered: an overflow key can land in a later millisecond of the same batch.
  const taken = new Set<number>();
  let highest = -1;
  let overflowRead = false;
  return (createdAt) => {
    const base = baseOf(createdAt);
    let key = next.get(base) ?? base;
    while (taken.has(key)) key += 1;
    if (key < base + SLOTS_PER_MS) next.set(base, key + 1);
    else {
      if (!overflowRead) highest = Math.max(highest, db.exec<{ k: number | null }>("SELECT max(key) AS k FROM message")[0]?.k ?? -1);
      overflowRead = true;
      key = highest + 1;
    }
    taken.add(key);
    highest = Math.max(highest, key);
    return key;
  };
}

/** In the order of the INSERT's columns: each new message travels to SQLite as one JSON array. */
const MESSAGE_COLUMNS = ["key", "id", "chat_n", "seq", "chat_type", "visible_to", "sender_name", "content"] as const;
const FTS_COLUMNS = ["rowid", "body", "chat"] as const;

/**
 * Characters of JSON bound to one INSERT: at most three bytes each, well under the 2 MB a Durable
 * Object's SQLite takes in one value, however long the messages of a queue batch are together.
 */
const JSON_CHUNK_CHARS = 256 * 1024;

/** `INSERT INTO table (columns) SELECT …` from JSON lists of arrays, each bound as the one parameter. */
function insertFromJson(db: SqlExec, table: string, columns: readonly string[], rows: SqlValue[][]): void {
  const values = columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(", ");
  const insert = `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${values} FROM json_each(?)`;
  const texts = rows.map((row) => JSON.stringify(row));
  for (const chunk of chunkBySize(texts, (text) => text.length + 1, JSON_CHUNK_CHARS)) db.exec(insert, `[${chunk.join(",")}]`);
}

/**
 * Indexes messages not indexed yet; idempotent by message id. Returns how many were added. A batch
 * costs a handful of statements however many messages it holds (which are there already, the free
 * keys, the rows, the index) instead of four a message: half the time on node:sqlite (0.42 against
 * 0.83 ms for 25 messages). In local development the shard shares workerd's one thread with every
 * chat room.
 */
export function indexMessages(db: SqlExec, messages: ShardMessage[]): number {
  if (messages.length === 0) return 0;
  const ids = JSON.stringify(messages.map((m) => m.id));
  const seen = new Set(db.exec<{ id: string }>("SELECT id FROM message WHERE id IN (SELECT value FROM json_each(?))", ids).map((r) => r.id));
  const fresh: ShardMessage[] = [];
  for (const m of messages) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    fresh.push(m);
  }
  const chats = chatNumbers(
    db,
    fresh.map((m) => m.chatId),
  );
  const kept = fresh.filter((m) => chats.get(m.chatId) !== null);
  if (kept.length === 0) return 0;
  const keyOf = keyAllocator(
    db,
    kept.map((m) => m.createdAt),
  );
  const rows: SqlValue[][] = [];
  const index: SqlValue[][] = [];
  for (const m of kept) {
    const key = keyOf(m.createdAt);
    const chatN = chats.get(m.chatId)!;
    const text = plainTextOf(m.content).slice(0, SHARD_TEXT_MAX);
    rows.push([key, m.id, chatN, m.seq, m.chatType, m.visibleTo, m.senderName, text]);
    index.push([key, indexTextOf(text), chatToken(chatN)]);
  }
  insertFromJson(db, "message", MESSAGE_COLUMNS, rows);
  insertFromJson(db, "message_fts", FTS_COLUMNS, index);
  return kept.length;
}

/** Marks chats removed: nothing of theirs is indexed again. Their rows go with `purgeRemoved`. */
export function markChatsRemoved(db: SqlExec, chatIds: string[]): void {
  for (const chatId of chatIds) {
    db.exec("INSERT INTO chat_ref (chat_id, removed) VALUES (?, 1) ON CONFLICT(chat_id) DO UPDATE SET removed = 1", chatId);
    db.exec("DELETE FROM rebuild_plan WHERE chat_id = ?", chatId);
  }
}

/** Deletes up to `limit` messages of removed chats; returns how many, so a caller knows whether more remain. */
export function purgeRemoved(db: SqlExec, limit: number): number {
  const keys = db.exec<{ key: number }>("SELECT key FROM message WHERE chat_n IN (SELECT n FROM chat_ref WHERE removed = 1) LIMIT ?", limit).map((r) => r.key);
  if (keys.length === 0) return 0;
  const list = JSON.stringify(keys);
  db.exec("DELETE FROM message_fts WHERE rowid IN (SELECT value FROM json_each(?))", list);
  db.exec("DELETE FROM message WHERE key IN (SELECT value FROM json_each(?))", list);
  return keys.length;
}

/** Forgets every indexed message (a rebuild starts from nothing); removed chats stay removed. */
export function clearMessages(db: SqlExec): void {
  db.exec("DELETE FROM message");
  db.exec("INSERT INTO message_fts (message_fts) VALUES ('delete-all')");
}

export function messageCount(db: SqlExec): number {
  return db.exec<{ n: number }>("SELECT count(*) AS n FROM message")[0]?.n ?? 0;
}

// ---- rebuild plan: the chats still to read from their rooms, and how far ----

export function planRebuild(db: SqlExec, chatIds: string[]): void {
  db.exec("DELETE FROM rebuild_plan");
  for (const chatId of chatIds) {
    const removed = db.exec<{ removed: number }>("SELECT removed FROM chat_ref WHERE chat_id = ?", chatId)[0]?.removed;
    if (!removed) db.exec("INSERT INTO rebuild_plan (chat_id) VALUES (?)", chatId);
  }
}

export function nextPlanned(db: SqlExec): { chatId: string; afterSeq: number } | null {
  const row = db.exec<{ chat_id: string; after_seq: number }>("SELECT chat_id, after_seq FROM rebuild_plan ORDER BY chat_id LIMIT 1")[0];
  return row ? { chatId: row.chat_id, afterSeq: row.after_seq } : null;
}

/** Records progress through a chat; `done` takes it off the plan. */
export function advancePlan(db: SqlExec, chatId: string, afterSeq: number, done: boolean): void {
  if (done) db.exec("DELETE FROM rebuild_plan WHERE chat_id = ?", chatId);
  else db.exec("UPDATE rebuild_plan SET after_seq = ? WHERE chat_id = ?", afterSeq, chatId);
}

export function plannedChats(db: SqlExec): number {
  return db.exec<{ n: number }>("SELECT count(*) AS n FROM rebuild_plan")[0]?.n ?? 0;
}
