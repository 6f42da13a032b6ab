import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { inList } from "../db/bound-lists";
import type { Db } from "../db/client";
import { orgMemberIds, type ChatRow } from "../db/chats";
import { chat, chatParticipant, friendship, user as userTable } from "../db/schema";

export type UserRow = typeof userTable.$inferSelect;

/** My friends' user rows. */
export async function friendsOf(db: Db, userId: string): Promise<UserRow[]> {
  const rows = await db
    .select({ user: userTable })
    .from(friendship)
    .innerJoin(userTable, eq(userTable.id, friendship.friendId))
    .where(eq(friendship.userId, userId));
  return rows.map((r) => r.user);
}

export async function friendIdsOf(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.select({ id: friendship.friendId }).from(friendship).where(eq(friendship.userId, userId));
  return new Set(rows.map((r) => r.id));
}

export async function areFriends(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: friendship.friendId })
    .from(friendship)
    .where(and(eq(friendship.userId, a), eq(friendship.friendId, b)))
    .limit(1);
  return Boolean(row);
}

/** Both directions, so either side finds the other with one index lookup; making friends twice is harmless. */
export async function makeFriends(db: Db, a: string, b: string): Promise<void> {
  const createdAt = new Date();
  await db
    .insert(friendship)
    .values([
      { userId: a, friendId: b, createdAt },
      { userId: b, friendId: a, createdAt },
    ])
    .onConflictDoNothing();
}

export async function unfriend(db: Db, a: string, b: string): Promise<void> {
  await db.batch([
    db.delete(friendship).where(and(eq(friendship.userId, a), eq(friendship.friendId, b))),
    db.delete(friendship).where(and(eq(friendship.userId, b), eq(friendship.friendId, a))),
  ]);
}

/**
 * The people an actor may put into a chat of this organization: its members and the actor's own
 * friends (spec 02 §2.14 "External Friends"). Anyone else outside stays refused.
 */
export async function membersOrFriends(db: Db, orgId: string, actorId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const members = await orgMemberIds(db, orgId, ids);
  const rest = ids.filter((id) => !members.has(id));
  if (rest.length === 0) return members;
  const friends = await db
    .select({ id: friendship.friendId })
    .from(friendship)
    .where(and(eq(friendship.userId, actorId), inList(friendship.friendId, rest)));
  for (const f of friends) members.add(f.id);
  return members;
}

/**
 * My private chat with a friend from outside this organization, whichever organization either of
 * us opened it from: friends across organizations share one chat, not one per side.
 */
export async function chatWithOutsideFriend(db: Db, orgId: string, me: string, friendId: string): Promise<ChatRow | null> {
  if ((await orgMemberIds(db, orgId, [friendId])).size > 0 || !(await areFriends(db, me, friendId))) return null;
  const withMe = db.select({ id: chatParticipant.chatId }).from(chatParticipant).where(eq(chatParticipant.participantId, me));
  const withFriend = db.select({ id: chatParticipant.chatId }).from(chatParticipant).where(eq(chatParticipant.participantId, friendId));
  const [row] = await db
    .select()
    .from(chat)
    .where(and(eq(chat.kind, "real_person"), isNull(chat.projectId), inArray(chat.id, withMe), inArray(chat.id, withFriend)))
    .orderBy(asc(chat.createdAt))
    .limit(1);
  return row ?? null;
}

/** The latest message time of my two-person chat with each person or VIRE (any organization, project chats aside). */
export async function lastChatTimes(db: Db, me: string): Promise<Map<string, string>> {
  const mine = db.select({ id: chatParticipant.chatId }).from(chatParticipant).where(eq(chatParticipant.participantId, me));
  const rows = await db
    .select({ other: chatParticipant.participantId, at: sql<number | null>`max(${chat.lastMessageAt})` })
    .from(chatParticipant)
    .innerJoin(chat, eq(chat.id, chatParticipant.chatId))
    .where(
      and(
        sql`${chat.kind} IN ('real_person', 'virtual_employee')`,
        sql`${chat.projectId} IS NULL`,
        inArray(chatParticipant.chatId, mine),
        sql`${chatParticipant.participantId} <> ${me}`,
      ),
    )
    .groupBy(chatParticipant.participantId);
  const out = new Map<string, string>();
  for (const r of rows) if (r.at != null) out.set(r.other, new Date(r.at).toISOString());
  return out;
}
