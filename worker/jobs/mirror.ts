import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import * as v from "valibot";
import type { Env } from "../env";
import { getDb } from "../db/client";
import { chat, chatParticipant, messageMirror } from "../db/schema";
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
function counterFor(item: MirrorItem): "unreadAgent" | "unreadHuman" {
  return item.chatType === STREAM_AGENT || item.chatType === STREAM_ASK || item.senderType === "virtual_employee" ? "unreadAgent" : "unreadHuman";
}

/**
 * Copies messages into D1 and raises unread counters. Idempotent by message id: a job delivered
 * twice (queues deliver at least once) finds its messages already mirrored and changes nothing.
 */
export async function runMirror(env: Env, job: v.InferOutput<typeof MirrorJob>): Promise<void> {
  const db = getDb(env.DB);
  const [room] = await db.select({ id: chat.id }).from(chat).where(eq(chat.id, job.chatId)).limit(1);
  if (!room || job.messages.length === 0) return; // dissolved meanwhile: nothing to mirror

  const ids = job.messages.map((m) => m.id);
  const seen = new Set((await db.select({ id: messageMirror.id }).from(messageMirror).where(inArray(messageMirror.id, ids))).map((r) => r.id));
  const fresh = job.messages.filter((m) => !seen.has(m.id));
  if (fresh.length === 0) return;

  const statements = [];
  for (const item of fresh) {
    statements.push(
      db.insert(messageMirror).values({ ...item, chatId: job.chatId, createdAt: new Date(item.createdAt) }).onConflictDoNothing(),
    );
    const counter = counterFor(item);
    const readers =
      item.chatType === STREAM_ASK
        ? and(eq(chatParticipant.chatId, job.chatId), eq(chatParticipant.participantId, item.visibleTo ?? ""))
        : and(eq(chatParticipant.chatId, job.chatId), eq(chatParticipant.participantType, "user"));
    statements.push(
      db
        .update(chatParticipant)
        .set({ [counter]: sql`${chatParticipant[counter]} + 1` })
        .where(and(readers, ne(chatParticipant.participantId, item.senderId ?? ""))),
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

/** Tells every reader's tabs about the new unread counts and the latest message. */
async function announce(env: Env, chatId: string, fresh: MirrorItem[]): Promise<void> {
  const db = getDb(env.DB);
  const rows = await db
    .select()
    .from(chatParticipant)
    .where(and(eq(chatParticipant.chatId, chatId), eq(chatParticipant.participantType, "user")));
  // Each reader hears about the newest message they may see: another member's ask-only question
  // must never surface in someone's preview.
  const lastVisibleTo = (userId: string) => fresh.filter((m) => m.chatType !== STREAM_ASK || m.visibleTo === userId).at(-1);
  await Promise.all(
    rows
      .map((r) => ({ r, last: lastVisibleTo(r.participantId) }))
      .filter((x): x is { r: (typeof rows)[number]; last: MirrorItem } => x.last !== undefined)
      .map(({ r, last }) =>
        notifyUsers(env, [r.participantId], {
          type: "has_unread_msg",
          chatId,
          unread: { total: r.unreadAgent + r.unreadHuman, agent: r.unreadAgent, human: r.unreadHuman, lastReadAt: r.lastReadAt?.toISOString() ?? null },
          lastMessage: last.content.slice(0, PREVIEW_CHARS),
          lastMessageAt: new Date(last.createdAt).toISOString(),
          senderName: last.senderName,
        }),
      ),
  );
}
