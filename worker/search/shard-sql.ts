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

function chatNumber(db: SqlExec, chatId: string, cache: Map<string, number | null>): number | null {
  if (cache.has(chatId)) return cache.get(chatId)!;
  let row = db.exec<{ n: number; removed: number }>("SELECT n, removed FROM chat_ref WHERE chat_id = ?", chatId)[0];
  row ??= db.exec<{ n: number; removed: number }>("INSERT INTO chat_ref (chat_id) VALUES (?) RETURNING n, removed", chatId)[0]!;
  const n = row.removed ? null : row.n;
  cache.set(chatId, n);
  return n;
}

/**
 * A free key at the message's millisecond. Past 1024 messages in one millisecond (never in a real
 * organization, but a bulk import could) the key goes after every key there is: still unique.
 */
function keyFor(db: SqlExec, createdAt: number): number {
  const base = Math.max(0, Math.floor(createdAt)) * SLOTS_PER_MS;
  const top = db.exec<{ k: number | null }>("SELECT max(key) AS k FROM message WHERE key >= ? AND key < ?", base, base + SLOTS_PER_MS)[0]?.k;
  if (top === null || top === undefined) return base;
  if (top + 1 < base + SLOTS_PER_MS) return top + 1;
  return (db.exec<{ k: number }>("SELECT max(key) AS k FROM message")[0]?.k ?? top) + 1;
}

/** Indexes messages not indexed yet; idempotent by message id. Returns how many were added. */
export function indexMessages(db: SqlExec, messages: ShardMessage[]): number {
  const chats = new Map<string, number | null>();
  let added = 0;
  for (const m of messages) {
    if (db.exec("SELECT 1 AS one FROM message WHERE id = ?", m.id).length > 0) continue;
    const chatN = chatNumber(db, m.chatId, chats);
    if (chatN === null) continue;
    const key = keyFor(db, m.createdAt);
    const text = plainTextOf(m.content).slice(0, SHARD_TEXT_MAX);
    db.exec(
      "INSERT INTO message (key, id, chat_n, seq, chat_type, visible_to, sender_name, content) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      key,
      m.id,
      chatN,
      m.seq,
      m.chatType,
      m.visibleTo,
      m.senderName,
      text,
    );
    db.exec("INSERT INTO message_fts (rowid, body, chat) VALUES (?, ?, ?)", key, indexTextOf(text), chatToken(chatN));
    added += 1;
  }
  return added;
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
