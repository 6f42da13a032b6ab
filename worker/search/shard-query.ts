import { chatToken, KEY_MAX, type SqlExec, type SqlValue } from "./shard-sql";
import { foldToken, tokensOf } from "./text";

/** Who asks and where they may look: their chats of this shard, and their own ask-only messages. */
export interface ShardQuery {
  /** The FTS5 expression of the terms (text.ts `matchExpression`). */
  match: string;
  /** The terms' tokens, for ranking by best match. */
  terms: string[][];
  chatIds: string[];
  userId: string;
  sort: "newest" | "best";
  limit: number;
  /** The last hit of the previous page: results continue after it. */
  after: { key: number; id: string; score?: number } | null;
}

export interface ShardHit {
  key: number;
  id: string;
  chat_id: string;
  seq: number;
  chat_type: number;
  sender_name: string;
  content: string;
  /** Best match only: lower is better. */
  score: number | null;
  [column: string]: SqlValue;
}

/**
 * Up to this many chats, the caller's chats are also named inside the FTS match, so the index
 * skips other chats' hits itself: a word frequent elsewhere but rare in the caller's chats costs
 * little. With more chats the OR of their tokens costs more than it saves, and someone in that
 * many chats sees a large share of the shard anyway.
 */
export const FTS_CHAT_TERMS_MAX = 200;
/**
 * Best match ranks the newest matches this many deep: FTS5's bm25() reads every match of a word
 * in the whole shard to weigh it, which for a common word is most of the shard.
 */
export const BEST_CANDIDATES = 2000;

/**
 * Newest first: the FTS index is walked backwards in key (time) order; each hit is joined to its
 * row and kept only if the caller may see it (their chats; for messages meant for one person,
 * such as ask-only ones, only their own), and the walk stops at `limit`. The membership test is
 * part of the query, never applied to a page afterwards; CROSS JOIN fixes the join order, so SQLite
 * never starts from the membership side and sorts afterwards.
 */
function newest(db: SqlExec, q: ShardQuery, limit: number): ShardHit[] {
  const chats = db
    .exec<{ n: number }>("SELECT n FROM chat_ref WHERE removed = 0 AND chat_id IN (SELECT value FROM json_each(?))", JSON.stringify(q.chatIds))
    .map((r) => r.n);
  if (chats.length === 0) return [];
  const inChats = chats.length <= FTS_CHAT_TERMS_MAX ? ` AND {chat} : (${chats.map(chatToken).join(" OR ")})` : "";
  const after = q.after ?? { key: KEY_MAX, id: "" };
  return db.exec<ShardHit>(
    `SELECT m.key, m.id, c.chat_id, m.seq, m.chat_type, m.sender_name, m.content, NULL AS score
       FROM message_fts f CROSS JOIN message m CROSS JOIN chat_ref c
      WHERE message_fts MATCH ? AND f.rowid <= ? AND m.key = f.rowid AND c.n = m.chat_n
        AND (m.key < ? OR m.id < ?)
        AND m.chat_n IN (SELECT value FROM json_each(?))
        AND (m.visible_to IS NULL OR m.visible_to = ?)
      ORDER BY f.rowid DESC
      LIMIT ?`,
    `{body} : (${q.match})${inChats}`,
    after.key,
    after.key,
    after.id,
    JSON.stringify(chats),
    q.userId,
    limit,
  );
}

/** How often each term occurs in a text, and how many tokens it has, the way the index counts. */
function termCounts(text: string, terms: string[][]): { counts: number[]; length: number } {
  // Folded as a whole, not token by token: only the count matters here, not where tokens stand.
  const tokens = tokensOf(foldToken(text.normalize("NFKC"))).map((t) => t.text);
  const folded = terms.map((units) => units.map(foldToken));
  const counts = folded.map((units) => {
    let n = 0;
    for (let i = 0; i + units.length <= tokens.length; i += 1) if (units.every((u, k) => tokens[i + k] === u)) n += 1;
    return n;
  });
  return { counts, length: tokens.length };
}

const K1 = 1.2;
const B = 0.75;

/**
 * Best match first among the newest BEST_CANDIDATES matches the caller may see, by BM25's term
 * frequency part: more occurrences in a shorter message rank higher. Every candidate holds every
 * term, so the words' rarity (the IDF part) would weigh all of them alike and is left out.
 * Scores are negated, so lower is better as with FTS5's bm25().
 */
function best(db: SqlExec, q: ShardQuery): ShardHit[] {
  const candidates = newest(db, { ...q, after: null }, BEST_CANDIDATES);
  const counted = candidates.map((hit) => ({ hit, ...termCounts(hit.content, q.terms) }));
  const average = counted.reduce((sum, c) => sum + c.length, 0) / Math.max(1, counted.length) || 1;
  const scored = counted.map(({ hit, counts, length }) => ({
    ...hit,
    score: -counts.reduce((sum, tf) => sum + (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / average)), 0),
  }));
  const after = q.after;
  return scored
    .filter((h) => !after || h.score > after.score! || (h.score === after.score && (h.key < after.key || (h.key === after.key && h.id < after.id))))
    .sort((a, b) => a.score - b.score || b.key - a.key || (a.id < b.id ? 1 : -1))
    .slice(0, q.limit);
}

export function searchShard(db: SqlExec, q: ShardQuery): ShardHit[] {
  if (q.chatIds.length === 0) return [];
  return q.sort === "best" ? best(db, q) : newest(db, q, q.limit);
}
