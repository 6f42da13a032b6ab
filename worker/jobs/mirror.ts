import { and, eq, gt } from "drizzle-orm";
import * as v from "valibot";
import type { Env } from "../env";
import { getDb } from "../db/client";
import { chat, chatParticipant, messageMirror, userPresence } from "../db/schema";
import { unreadOf } from "../db/unread";
import { notifyUsers } from "../rooms/stubs";
import { STREAM_ASK } from "../../contract";
import { inList } from "../db/bound-lists";
import { indexInShards } from "../search/feed";
import { mirrorStatements, newest, type ChatItems } from "./mirror-writes";

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

const PREVIEW_CHARS = 200;

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
 * so a retry after it failed, or after D1 failed, still indexes each exactly once; the D1 writes
 * are one batch, so they happen all together or not at all.
 */
export async function runMirrorJobs(env: Env, jobs: MirrorJob[]): Promise<void> {
  const db = getDb(env.DB);
  const chats = byChat(jobs);
  if (chats.size === 0) return;
  const ids = [...chats.values()].flatMap((items) => [...items.keys()]);
  // Both reads in one round trip. The chat's organization in D1 decides the shard (search asks the
  // shards by the same column), and a chat dissolved meanwhile is not found: nothing of it is mirrored.
  const [rooms, mirrored] = await db.batch([
    db
      .select({ id: chat.id, orgId: chat.orgId })
      .from(chat)
      .where(inList(chat.id, [...chats.keys()])),
    db.select({ id: messageMirror.id }).from(messageMirror).where(inList(messageMirror.id, ids)),
  ]);
  const live: ChatItems<MirrorItem>[] = rooms
    .map((r) => ({ chatId: r.id, orgId: r.orgId, items: [...chats.get(r.id)!.values()] }))
    .filter((c) => c.items.length > 0);
  if (live.length === 0) return;
  await indexInShards(env, live);

  const seen = new Set(mirrored.map((r) => r.id));
  const fresh = live.map((c) => ({ ...c, items: c.items.filter((m) => !seen.has(m.id)) })).filter((c) => c.items.length > 0);
  if (fresh.length === 0) return;

  await env.DB.batch(mirrorStatements(env.DB, fresh));
  await announce(env, fresh);
}

/**
 * Tells every online reader's tabs about their unread counts and the newest message they may see:
 * another member's ask-only question must never surface in someone's preview. People with no tab
 * open are skipped; they read the counts from the chat list when they come back. Two reads for all
 * the batch's chats together.
 */
async function announce(env: Env, chats: ChatItems<MirrorItem>[]): Promise<void> {
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
      const last = newest((itemsOf.get(p.chatId) ?? []).filter((m) => m.chatType !== STREAM_ASK || m.visibleTo === p.participantId));
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
