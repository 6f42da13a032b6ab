import { STREAM_AGENT, STREAM_ASK } from "../../contract";
import type { MirrorItem } from "../rooms/chat-room/mirror";

/** A chat's messages in a queue batch. */
export interface ChatItems {
  chatId: string;
  items: MirrorItem[];
}

/** How much of a message a chat list or an unread notice shows. */
export const PREVIEW_CHARS = 200;

/** The newest of some messages: the highest seq, whatever order jobs arrived in. */
export function newest<T extends Pick<MirrorItem, "seq">>(items: T[]): T | null {
  return items.reduce<T | null>((a, m) => (a && a.seq > m.seq ? a : m), null);
}

/** One message as the batch's SQL reads it: what it counts for, and for whom. */
interface Row {
  id: string;
  chatId: string;
  seq: number;
  createdAt: number;
  /** The counter it raises for the people who did not send it; null for an ask-only message, which raises none. */
  counter: "agent" | "human" | null;
  /** Whose `seen` goes up with the counter: the sender never has their own message unread. */
  sender: string | null;
  /** An ask-only stream's owner, when someone else (the agent) wrote in it: it is unread for them alone. */
  owner: string | null;
  /** The chat list's preview: only on the newest counted message of its chat, the one that can become the last message. */
  preview: string | null;
}

/** In the order of `Row`'s fields: the SQL reads each message as a JSON array, half the size of an object. */
const FIELDS = ["id", "chatId", "seq", "createdAt", "counter", "sender", "owner", "preview"] as const satisfies readonly (keyof Row)[];

function counterOf(item: MirrorItem): Row["counter"] {
  if (item.chatType === STREAM_ASK) return null;
  return item.chatType === STREAM_AGENT || item.senderType === "virtual_employee" ? "agent" : "human";
}

/**
 * The batch's messages as the JSON list its statements bind: up to 50 jobs of 100 messages, so each
 * message's share is kept small (D1 takes at most 2 MB in one value) and the 200-character preview
 * goes only with the newest counted message of each chat.
 */
function rowsOf(chats: ChatItems[]): string {
  const rows: unknown[][] = [];
  for (const { chatId, items } of chats) {
    const last = newest(items.filter((m) => counterOf(m) !== null));
    for (const item of items) {
      const counter = counterOf(item);
      const row: Row = {
        id: item.id,
        chatId,
        seq: item.seq,
        createdAt: item.createdAt,
        counter,
        sender: counter ? item.senderId : null,
        owner: counter === null && item.visibleTo && item.senderId !== item.visibleTo ? item.visibleTo : null,
        preview: item === last ? item.content.slice(0, PREVIEW_CHARS) : null,
      };
      rows.push(FIELDS.map((f) => row[f]));
    }
  }
  return JSON.stringify(rows);
}

/**
 * `fresh`: the batch's messages that are not mirrored yet, of chats that still exist. Every write
 * below reads it, so a job delivered twice (queues deliver at least once) counts nothing twice,
 * and a chat dissolved meanwhile gets nothing. The INSERT that makes them mirrored comes last.
 */
const FRESH = `WITH fresh AS (SELECT * FROM (SELECT ${FIELDS.map((f, i) => `json_extract(value, '$[${i}]') AS ${f}`).join(", ")} FROM json_each(?1))
  WHERE id NOT IN (SELECT id FROM message_mirror) AND chatId IN (SELECT id FROM chat))`;

/**
 * A queue batch's D1 work as one batch, so one transaction and one round trip whatever the number
 * of chats, senders and members: the chats (and their organizations) still there, which messages
 * are new, the writes, and what the unread notices need read after them. Each statement takes the
 * messages as one JSON list (one bound parameter), so no batch comes near D1's limits.
 * Writes per message stay constant: the chat's counter goes up and the sender's `seen` with it.
 */
export function mirrorBatch(d1: D1Database, chats: ChatItems[]): { statements: D1PreparedStatement[]; read(results: D1Result[]): MirrorBatchResult } {
  const rows = rowsOf(chats);
  const chatIds = JSON.stringify(chats.map((c) => c.chatId));
  const withRows = (query: string) => d1.prepare(query).bind(rows);
  const withChats = (query: string) => d1.prepare(query).bind(chatIds);
  const statements = [
    withChats("SELECT id, org_id AS orgId FROM chat WHERE id IN (SELECT value FROM json_each(?1))"),
    withRows(`${FRESH} SELECT id FROM fresh`),
    withRows(
      `${FRESH} UPDATE chat SET agent_count = agent_count + t.agent, human_count = human_count + t.human
       FROM (SELECT chatId, sum(counter = 'agent') AS agent, sum(counter = 'human') AS human FROM fresh WHERE counter IS NOT NULL GROUP BY chatId) AS t
       WHERE chat.id = t.chatId`,
    ),
    withRows(
      `${FRESH} UPDATE chat_participant SET seen_agent = seen_agent + t.agent, seen_human = seen_human + t.human
       FROM (SELECT chatId, sender, sum(counter = 'agent') AS agent, sum(counter = 'human') AS human FROM fresh WHERE sender IS NOT NULL GROUP BY chatId, sender) AS t
       WHERE chat_participant.chat_id = t.chatId AND chat_participant.participant_id = t.sender`,
    ),
    withRows(
      `${FRESH} UPDATE chat_participant SET ask_unread = ask_unread + t.n
       FROM (SELECT chatId, owner, count(*) AS n FROM fresh WHERE owner IS NOT NULL GROUP BY chatId, owner) AS t
       WHERE chat_participant.chat_id = t.chatId AND chat_participant.participant_id = t.owner`,
    ),
    // The newest counted message of each chat (SQLite takes the bare columns from the max(seq) row);
    // an older job arriving late never replaces a newer last message.
    withRows(
      `${FRESH} UPDATE chat SET last_message_text = t.preview, last_message_at = t.createdAt, last_message_seq = t.seq
       FROM (SELECT chatId, preview, createdAt, max(seq) AS seq FROM fresh WHERE counter IS NOT NULL GROUP BY chatId) AS t
       WHERE chat.id = t.chatId AND chat.last_message_seq < t.seq AND t.preview IS NOT NULL`,
    ),
    // `WHERE true` tells SQLite the ON CONFLICT belongs to the INSERT, not to a join.
    withRows(
      `${FRESH} INSERT INTO message_mirror (id, chat_id, seq, created_at) SELECT id, chatId, seq, createdAt FROM fresh WHERE true ON CONFLICT (id) DO NOTHING`,
    ),
    withChats("SELECT id, human_count AS human, agent_count AS agent FROM chat WHERE id IN (SELECT value FROM json_each(?1))"),
    withChats(
      `SELECT p.chat_id AS chatId, p.participant_id AS participantId, p.seen_human AS seenHuman, p.seen_agent AS seenAgent,
         p.ask_unread AS askUnread, p.last_read_at AS lastReadAt
       FROM chat_participant p JOIN user_presence u ON u.user_id = p.participant_id
       WHERE p.chat_id IN (SELECT value FROM json_each(?1)) AND p.participant_type = 'user' AND u.tabs > 0`,
    ),
  ];
  // The reads are the first two statements and the last two; read from the same list that ran.
  return { statements, read: (results) => readResults(results, statements.length) };
}

export interface MirrorBatchResult {
  /** The chats still there, with the organization whose search shard holds them. */
  live: { id: string; orgId: string }[];
  /** Messages this batch mirrored for the first time. */
  fresh: Set<string>;
  /** Counters after the writes. */
  counts: { id: string; human: number; agent: number }[];
  /** Members of the chats with a tab open: only they get an unread notice now. */
  readers: { chatId: string; participantId: string; seenHuman: number; seenAgent: number; askUnread: number; lastReadAt: Date | null }[];
}

function readResults(results: D1Result[], count: number): MirrorBatchResult {
  const rowsAt = <T>(i: number) => (results[i]?.results ?? []) as T[];
  return {
    live: rowsAt<{ id: string; orgId: string }>(0),
    fresh: new Set(rowsAt<{ id: string }>(1).map((r) => r.id)),
    counts: rowsAt(count - 2),
    readers: rowsAt<MirrorBatchResult["readers"][number] & { lastReadAt: number | null }>(count - 1).map((r) => ({
      ...r,
      lastReadAt: r.lastReadAt === null ? null : new Date(r.lastReadAt),
    })),
  };
}
