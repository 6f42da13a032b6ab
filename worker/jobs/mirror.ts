import { and, eq, gt, lt, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Env } from "../env";
import { getDb } from "../db/client";
import { chat, chatParticipant, messageMirror, userPresence } from "../db/schema";
import { unreadOf } from "../db/unread";
import { notifyUsers } from "../rooms/stubs";
import { STREAM_AGENT, STREAM_ASK } from "../../contract";
import { inList } from "../db/bound-lists";
import { indexInShard } from "../search/feed";

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
type MirrorItem = v.InferOutput<typeof MirrorItem>;

const PREVIEW_CHARS = 200;
/** message_mirror has 4 columns; 24 rows bind 96 parameters, under D1's limit of 100. */
const ROWS_PER_INSERT = 24;

/** Which counter a message raises for the people who did not send it. */
function counterFor(item: MirrorItem): "agent" | "human" {
  return item.chatType === STREAM_AGENT || item.senderType === "virtual_employee" ? "agent" : "human";
}

/**
 * Indexes messages in their organization's search shard, records them in D1 and counts them.
 * Idempotent by message id: a job delivered twice (queues deliver at least once) finds its
 * messages already indexed and recorded and changes nothing. The shard is asked with every message
 * of the job, so a retry after it failed, or after D1 failed, still indexes each exactly once.
 * Writes per message are constant, whatever the number of members: the chat's counter goes up and
 * the sender's `seen` goes up with it, so the sender's own message is never unread for them.
 */
export async function runMirror(env: Env, job: v.InferOutput<typeof MirrorJob>): Promise<void> {
  const db = getDb(env.DB);
  // The chat's organization in D1 decides the shard: search asks the shards by the same column.
  const [room] = await db.select({ id: chat.id, orgId: chat.orgId }).from(chat).where(eq(chat.id, job.chatId)).limit(1);
  if (!room || job.messages.length === 0) return; // dissolved meanwhile: nothing to mirror
  await indexInShard(env, room.orgId, job.chatId, job.messages);

  const ids = job.messages.map((m) => m.id);
  const seen = new Set((await db.select({ id: messageMirror.id }).from(messageMirror).where(inList(messageMirror.id, ids))).map((r) => r.id));
  const fresh = job.messages.filter((m) => !seen.has(m.id));
  if (fresh.length === 0) return;

  const inChat = (participantId: string) => and(eq(chatParticipant.chatId, job.chatId), eq(chatParticipant.participantId, participantId));
  const statements = [];
  // Multi-row inserts, sliced so each statement stays under D1's 100 bound parameters.
  const rows = fresh.map((item) => ({ id: item.id, chatId: job.chatId, seq: item.seq, createdAt: new Date(item.createdAt) }));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    statements.push(
      db
        .insert(messageMirror)
        .values(rows.slice(i, i + ROWS_PER_INSERT))
        .onConflictDoNothing(),
    );
  }
  // One counter update per batch and one `seen` update per sender, however many messages.
  const tally = { agent: 0, human: 0 };
  const bySender = new Map<string, { agent: number; human: number }>();
  const askUnread = new Map<string, number>();
  for (const item of fresh) {
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
        .where(eq(chat.id, job.chatId)),
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
  const latest = fresh.filter((m) => m.chatType !== STREAM_ASK).at(-1);
  if (latest) {
    statements.push(
      db
        .update(chat)
        .set({ lastMessageText: latest.content.slice(0, PREVIEW_CHARS), lastMessageAt: new Date(latest.createdAt), lastMessageSeq: latest.seq })
        .where(and(eq(chat.id, job.chatId), lt(chat.lastMessageSeq, latest.seq))),
    );
  }
  await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  await announce(env, job.chatId, fresh);
}

/**
 * Tells every online reader's tabs about their unread counts and the newest message they may see:
 * another member's ask-only question must never surface in someone's preview. People with no tab
 * open are skipped; they read the counts from the chat list when they come back.
 */
async function announce(env: Env, chatId: string, fresh: MirrorItem[]): Promise<void> {
  const db = getDb(env.DB);
  const [counts] = await db.select({ human: chat.humanCount, agent: chat.agentCount }).from(chat).where(eq(chat.id, chatId));
  if (!counts) return;
  const rows = await db
    .select({ p: chatParticipant })
    .from(chatParticipant)
    .innerJoin(userPresence, eq(userPresence.userId, chatParticipant.participantId))
    .where(and(eq(chatParticipant.chatId, chatId), eq(chatParticipant.participantType, "user"), gt(userPresence.tabs, 0)));
  const lastVisibleTo = (userId: string) => fresh.filter((m) => m.chatType !== STREAM_ASK || m.visibleTo === userId).at(-1);
  await Promise.all(
    rows.map(({ p }) => {
      const last = lastVisibleTo(p.participantId);
      if (!last) return undefined;
      return notifyUsers(env, [p.participantId], {
        type: "has_unread_msg",
        chatId,
        unread: unreadOf(counts, p),
        lastMessage: last.content.slice(0, PREVIEW_CHARS),
        lastMessageAt: new Date(last.createdAt).toISOString(),
        senderName: last.senderName,
      });
    }),
  );
}
