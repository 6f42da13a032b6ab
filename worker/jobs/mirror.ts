import { and, eq, gt, inArray, lt, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Env } from "../env";
import { getDb } from "../db/client";
import { chat, chatParticipant, messageMirror, userPresence } from "../db/schema";
import { unreadOf } from "../db/unread";
import { notifyUsers } from "../rooms/stubs";
import { STREAM_AGENT, STREAM_ASK } from "../../contract";

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

/** Which counter a message raises for the people who did not send it. */
function counterFor(item: MirrorItem): "agent" | "human" {
  return item.chatType === STREAM_AGENT || item.senderType === "virtual_employee" ? "agent" : "human";
}

/**
 * Copies messages into D1 and counts them. Idempotent by message id: a job delivered twice
 * (queues deliver at least once) finds its messages already mirrored and changes nothing.
 * Writes per message are constant, whatever the number of members: the chat's counter goes up and
 * the sender's `seen` goes up with it, so the sender's own message is never unread for them.
 */
export async function runMirror(env: Env, job: v.InferOutput<typeof MirrorJob>): Promise<void> {
  const db = getDb(env.DB);
  const [room] = await db.select({ id: chat.id }).from(chat).where(eq(chat.id, job.chatId)).limit(1);
  if (!room || job.messages.length === 0) return; // dissolved meanwhile: nothing to mirror

  const ids = job.messages.map((m) => m.id);
  const seen = new Set((await db.select({ id: messageMirror.id }).from(messageMirror).where(inArray(messageMirror.id, ids))).map((r) => r.id));
  const fresh = job.messages.filter((m) => !seen.has(m.id));
  if (fresh.length === 0) return;

  const inChat = (participantId: string) => and(eq(chatParticipant.chatId, job.chatId), eq(chatParticipant.participantId, participantId));
  const statements = [];
  for (const item of fresh) {
    statements.push(db.insert(messageMirror).values({ ...item, chatId: job.chatId, createdAt: new Date(item.createdAt) }).onConflictDoNothing());
    if (item.chatType === STREAM_ASK) {
      // Only the owner sees an ask-only stream; their own questions are not news to them.
      if (item.visibleTo && item.senderId !== item.visibleTo) {
        statements.push(db.update(chatParticipant).set({ askUnread: sql`${chatParticipant.askUnread} + 1` }).where(inChat(item.visibleTo)));
      }
      continue;
    }
    const agent = counterFor(item) === "agent";
    statements.push(db.update(chat).set(agent ? { agentCount: sql`${chat.agentCount} + 1` } : { humanCount: sql`${chat.humanCount} + 1` }).where(eq(chat.id, job.chatId)));
    if (item.senderId) {
      statements.push(
        db.update(chatParticipant).set(agent ? { seenAgent: sql`${chatParticipant.seenAgent} + 1` } : { seenHuman: sql`${chatParticipant.seenHuman} + 1` }).where(inChat(item.senderId)),
      );
    }
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
