import * as v from "valibot";
import type { Env } from "../env";
import { unreadOf } from "../db/unread";
import { notifyUsers } from "../rooms/stubs";
import { STREAM_ASK } from "../../contract";
import { indexInShards } from "../search/feed";
import { UNSEARCHED_TYPES } from "../rooms/chat-room/mirror";
import { nextTurn } from "../lib/next-turn";
import { PREVIEW_CHARS, mirrorBatch, newest, type ChatItems, type MirrorBatchResult } from "./mirror-writes";

const MirrorItem = v.object({
  id: v.string(),
  seq: v.number(),
  chatType: v.number(),
  visibleTo: v.nullable(v.string()),
  senderId: v.nullable(v.string()),
  senderType: v.string(),
  senderName: v.string(),
  // Jobs queued before the field existed carry none: they index as they always did.
  messageType: v.optional(v.string(), "chat"),
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
 * Records messages in D1, counts them and indexes them in their organizations' search shards:
 * every mirror job of a queue batch in one pass, so a batch costs one D1 round trip and one shard
 * call per organization whether it holds one room's flush or fifty.
 * Idempotent by message id: a job delivered twice (queues deliver at least once) finds its
 * messages already recorded and counts nothing again. The shard is asked with every message of a
 * live chat, new or not, so a retry after it failed still indexes each exactly once; the D1 work
 * is one batch, so it happens all together or not at all.
 */
export async function runMirrorJobs(env: Env, jobs: MirrorJob[]): Promise<void> {
  const chats = byChat(jobs);
  if (chats.size === 0) return;
  const all = [...chats].map(([chatId, items]) => ({ chatId, items: [...items.values()] }));
  const batch = mirrorBatch(env.DB, all);
  const { live, fresh, counts, readers } = batch.read(await env.DB.batch(batch.statements));
  // A turn before each step: the chat rooms' frames that came in meanwhile go first (lib/next-turn).
  await nextTurn();
  const orgOf = new Map(live.map((c) => [c.id, c.orgId]));
  await indexInShards(
    env,
    all
      .filter((c) => orgOf.has(c.chatId))
      .map((c) => ({ ...c, orgId: orgOf.get(c.chatId)!, items: c.items.filter((m) => !UNSEARCHED_TYPES.includes(m.messageType)) })),
  );
  const news = all.map((c) => ({ ...c, items: c.items.filter((m) => fresh.has(m.id)) })).filter((c) => c.items.length > 0);
  if (news.length === 0) return;
  await nextTurn();
  await announce(env, news, counts, readers);
}

/**
 * Tells every online reader's tabs about their unread counts and the newest message they may see:
 * another member's ask-only question must never surface in someone's preview. People with no tab
 * open are skipped; they read the counts from the chat list when they come back.
 */
async function announce(env: Env, chats: ChatItems[], counts: MirrorBatchResult["counts"], readers: MirrorBatchResult["readers"]): Promise<void> {
  const countsOf = new Map(counts.map((c) => [c.id, c]));
  const itemsOf = new Map(chats.map((c) => [c.chatId, c.items]));
  await Promise.all(
    readers.map((p) => {
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
