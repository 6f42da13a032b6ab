import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db } from "../db/client";
import { isGroup, type ChatRow } from "../db/chats";
import { chat, chatParticipant, user, virtualEmployee } from "../db/schema";

/** One chat the caller is in now, as search shows it. */
export interface ChatEntry {
  chatId: string;
  orgId: string;
  kind: ChatRow["kind"];
  group: boolean;
  /** As the caller sees it: a private chat is named after the other party. */
  name: string;
  image: string | null;
  /** The other party of a private chat. */
  otherId: string | null;
  projectId: string | null;
  participantCount: number;
  lastMessageText: string | null;
  lastMessageAt: Date | null;
}

/**
 * Every chat the caller belongs to right now, read from D1 in one round trip. Search looks only
 * here: a chat they left or were removed from, or that was dissolved, is simply not in the list.
 */
export async function chatsOf(db: Db, userId: string): Promise<ChatEntry[]> {
  const mine = db
    .select({ id: chatParticipant.chatId })
    .from(chatParticipant)
    .where(and(eq(chatParticipant.participantId, userId), eq(chatParticipant.participantType, "user")));
  const other = alias(chatParticipant, "other");
  const [rows, counts, others] = await db.batch([
    db.select().from(chat).where(inArray(chat.id, mine)),
    db
      .select({ chatId: chatParticipant.chatId, n: count() })
      .from(chatParticipant)
      .where(inArray(chatParticipant.chatId, mine))
      .groupBy(chatParticipant.chatId),
    db
      // One column each: D1's batch answers rows keyed by column name, where two `name`s would collide.
      .select({
        chatId: other.chatId,
        id: other.participantId,
        name: sql<string | null>`coalesce(${user.name}, ${virtualEmployee.name})`.as("other_name"),
        image: sql<string | null>`coalesce(${user.image}, ${virtualEmployee.avatarUrl})`.as("other_image"),
      })
      .from(other)
      .innerJoin(chat, and(eq(chat.id, other.chatId), inArray(chat.kind, ["real_person", "virtual_employee"])))
      .leftJoin(user, and(eq(other.participantType, "user"), eq(user.id, other.participantId)))
      .leftJoin(virtualEmployee, and(eq(other.participantType, "virtual_employee"), eq(virtualEmployee.id, other.participantId)))
      .where(and(inArray(other.chatId, mine), ne(other.participantId, userId))),
  ]);
  const sizes = new Map(counts.map((c) => [c.chatId, c.n]));
  const otherOf = new Map(others.map((o) => [o.chatId, o]));
  return rows.map((row) => {
    const group = isGroup(row.kind);
    const o = group ? undefined : otherOf.get(row.id);
    return {
      chatId: row.id,
      orgId: row.orgId,
      kind: row.kind,
      group,
      name: o?.name ?? row.name,
      image: o?.image ?? null,
      otherId: o?.id ?? null,
      projectId: row.projectId,
      participantCount: sizes.get(row.id) ?? 0,
      lastMessageText: row.lastMessageText,
      lastMessageAt: row.lastMessageAt,
    };
  });
}
