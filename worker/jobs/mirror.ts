import { and, eq, gt, lt, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Env } from "../env";
import { getDb, type Db } from "../db/client";
import { chat, chatParticipant, messageMirror, userPresence } from "../db/schema";
import { unreadOf } from "../db/unread";
import { notifyUsers } from "../rooms/stubs";
import { STREAM_AGENT, STREAM_ASK } from "../../contract";
import { inList } from "../db/bound-lists";
import { indexInShards } from "../search/feed";

const MirrorItem = v.object({
  id: v.string(),
  seq: v.number(),
  chatType: v.number(),
  visibleTo: v.nullable(v.string()),
  senderId: v.nullable(v.string()),
  senderType: v.string(),
  senderName: v.string(),
  content: v.string(),
  createdAt: v.number(),
});

export const MirrorJob = v.object({
  type: v.literal("mirror_messages"),
  chatId: v.string(),
  orgId: v.string(),
  messages: v.array(MirrorItem),
});
export type MirrorJob = v.InferOutput<typeof MirrorJob>;
type MirrorItem = v.InferOutput<typeof MirrorItem>;

/** One chat's messages of a batch, each once. */
interface ChatItems {
  chatId: string;
  orgId: string;
  items: MirrorItem[];
}

const PREVIEW_CHARS = 200;
/** message_mirror has 4 columns; 24 rows bind 96 parameters, under D1's limit of 100. */
const ROWS_PER_INSERT = 24;

/** Which counter a message raises for the people who did not send it. */
function counterFor(item: MirrorItem): "agent" | "human" {
  return item.chatType === STREAM_AGENT || item.senderType === "virtual_employee" ? "agent" : "human";
}

/** The jobs' messages by chat, each message once however often it was delivered. */
function byChat(jobs: MirrorJob[]): Map<string, Map<string, MirrorItem>> {
  const chats = new Map<string, Map<string, MirrorItem>>();
  for (const job of jobs) {
    const items = chats.get(job.chatId) ?? new Map<string, MirrorItem>();
    for (const item of job.messages) items.set(item.id, item);
    chats.set(job.chatId, items);
  }
  return chats;
}

/**
 * Indexes messages in their organizations' search shards, records them in D1 and counts them:
 * every mirror job of a queue batch in one pass, so a batch costs the same few D1 round trips and
 * one shard call per organization whether it holds one room's flush or fifty.
 * Idempotent by message id: a job delivered twice (queues deliver at least once) finds its
 * messages already indexed and recorded and changes nothing. The shard is asked with every message,
 * so a retry after it failed, or after D1 failed, still indexes each exactly once. Writes per
 * message are constant, whatever the number of members: the chat's counter goes up and the sender's
 * `seen` goes up with it, so the sender's own message is never unread for them.
 */
export async function runMirrorJobs(env: Env, jobs: MirrorJob[]): Promise<void> {
  const db = getDb(env.DB);
  const chats = byChat(jobs);
  // The chat's organization in D1 decides the shard: search asks the shards by the same column.
  // A chat dissolved meanwhile is not found: nothing of it is mirrored.
  const rooms = chats.size
    ? await db
        .select({ id: chat.id, orgId: chat.orgId })
        .from(chat)
        .where(inList(chat.id, [...chats.keys()]))
    : [];
  const live: ChatItems[] = rooms.map((r) => ({ chatId: r.id, orgId: r.orgId, items: [...chats.get(r.id)!.values()] })).filter((c) => c.items.length > 0);
  if (live.length === 0) return;
  await indexInShards(env, live);

  const ids = live.flatMap((c) => c.items.map((m) => m.id));
  const seen = new Set((await db.select({ id: messageMirror.id }).from(messageMirror).where(inList(messageMirror.id, ids))).map((r) => r.id));
  const fresh = live.map((c) => ({ ...c, items: c.items.filter((m) => !seen.has(m.id)) })).filter((c) => c.items.length > 0);
  if (fresh.length === 0) return;

  const statements = [];
  // Multi-row inserts, sliced so each statement stays under D1's 100 bound parameters.
  const rows = fresh.flatMap((c) => c.items.map((item) => ({ id: item.id, chatId: c.chatId, seq: item.seq, createdAt: new Date(item.createdAt) })));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    statements.push(
      db
        .insert(messageMirror)
        .values(rows.slice(i, i + ROWS_PER_INSERT))
        .onConflictDoNothing(),
    );
  }
  for (const c of fresh) statements.push(...countStatements(db, c));
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  await announce(env, fresh);
}

/** One counter update per chat, one `seen` update per sender, and the chat's newest message. */
function countStatements(db: Db, { chatId, items }: ChatItems) {
  const inChat = (participantId: string) => and(eq(chatParticipant.chatId, chatId), eq(chatParticipant.participantId, participantId));
  const statements = [];
  const tally = { agent: 0, human: 0 };
  const bySender = new Map<string, { agent: number; human: number }>();
  const askUnread = new Map<string, number>();
  for (const item of items) {
    if (item.chatType === STREAM_ASK) {
      // Only the owner sees an ask-only stream; their own questions are not news to them.
      if (item.visibleTo && item.senderId !== item.visibleTo) askUnread.set(item.visibleTo, (askUnread.get(item.visibleTo) ?? 0) + 1);
      continue;
    }
    const counter = counterFor(item);
    tally[counter] += 1;
    if (item.senderId) {
      const own = bySender.get(item.senderId) ?? { agent: 0, human: 0 };
      own[counter] += 1;
      bySender.set(item.senderId, own);
    }
  }
  if (tally.agent || tally.human) {
    statements.push(
      db
        .update(chat)
        .set({ agentCount: sql`${chat.agentCount} + ${tally.agent}`, humanCount: sql`${chat.humanCount} + ${tally.human}` })
        .where(eq(chat.id, chatId)),
    );
  }
  for (const [senderId, own] of bySender) {
    statements.push(
      db
        .update(chatParticipant)
        .set({ seenAgent: sql`${chatParticipant.seenAgent} + ${own.agent}`, seenHuman: sql`${chatParticipant.seenHuman} + ${own.human}` })
        .where(inChat(senderId)),
    );
  }
  for (const [owner, n] of askUnread) {
    statements.push(
      db
        .update(chatParticipant)
        .set({ askUnread: sql`${chatParticipant.askUnread} + ${n}` })
        .where(inChat(owner)),
    );
  }
  // Jobs of one chat may arrive out of order: the newest is the highest seq, and an older one never replaces it.
  const latest = items.filter((m) => m.chatType !== STREAM_ASK).reduce<MirrorItem | null>((a, m) => (a && a.seq > m.seq ? a : m), null);
  if (latest) {
    statements.push(
      db
        .update(chat)
        .set({ lastMessageText: latest.content.slice(0, PREVIEW_CHARS), lastMessageAt: new Date(latest.createdAt), lastMessageSeq: latest.seq })
        .where(and(eq(chat.id, chatId), lt(chat.lastMessageSeq, latest.seq))),
    );
  }
  return statements;
}

/**
 * Tells every online reader's tabs about their unread counts and the newest message they may see:
 * another member's ask-only question must never surface in someone's preview. People with no tab
 * open are skipped; they read the counts from the chat list when they come back. Two reads for all
 * the batch's chats together.
 */
async function announce(env: Env, chats: ChatItems[]): Promise<void> {
  const db = getDb(env.DB);
  const chatIds = chats.map((c) => c.chatId);
  const [counts, readers] = await db.batch([
    db.select({ id: chat.id, human: chat.humanCount, agent: chat.agentCount }).from(chat).where(inList(chat.id, chatIds)),
    db
      .select({ p: chatParticipant })
      .from(chatParticipant)
      .innerJoin(userPresence, eq(userPresence.userId, chatParticipant.participantId))
      .where(and(inList(chatParticipant.chatId, chatIds), eq(chatParticipant.participantType, "user"), gt(userPresence.tabs, 0))),
  ]);
  const countsOf = new Map(counts.map((c) => [c.id, c]));
  const itemsOf = new Map(chats.map((c) => [c.chatId, c.items]));
  await Promise.all(
    readers.map(({ p }) => {
      const chatCounts = countsOf.get(p.chatId);
      // The newest message this reader may see: ask-only questions only their owner's.
      const last = itemsOf
        .get(p.chatId)
        ?.filter((m) => m.chatType !== STREAM_ASK || m.visibleTo === p.participantId)
        .reduce<MirrorItem | null>((a, m) => (a && a.seq > m.seq ? a : m), null);
      if (!chatCounts || !last) return undefined;
      return notifyUsers(env, [p.participantId], {
        type: "has_unread_msg",
        chatId: p.chatId,
        unread: unreadOf(chatCounts, p),
        lastMessage: last.content.slice(0, PREVIEW_CHARS),
        lastMessageAt: new Date(last.createdAt).toISOString(),
        senderName: last.senderName,
      });
    }),
  );
}
