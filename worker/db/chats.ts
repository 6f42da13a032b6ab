import { and, desc, eq, inArray, isNull, or, sql, count, notExists } from "drizzle-orm";
import type { Db } from "./client";
import { chat, chatParticipant, organizationMember, user, virtualEmployee } from "./schema";
import { inList } from "./bound-lists";

export type ChatRow = typeof chat.$inferSelect;
export type ParticipantRow = typeof chatParticipant.$inferSelect;

/** A participant with the name and picture of the person or VIRE behind it. */
export interface ParticipantDetail extends ParticipantRow {
  name: string;
  email: string | null;
  image: string | null;
  role: string | null;
  agentType: string | null;
  description: string | null;
}

export const GROUP_KINDS = ["single_group", "human_group"] as const;

export function isGroup(kind: ChatRow["kind"]): boolean {
  return kind === "single_group" || kind === "human_group";
}

export async function findChat(db: Db, chatId: string): Promise<ChatRow | null> {
  const [row] = await db.select().from(chat).where(eq(chat.id, chatId)).limit(1);
  return row ?? null;
}

export async function findParticipant(db: Db, chatId: string, participantId: string): Promise<ParticipantRow | null> {
  const [row] = await db
    .select()
    .from(chatParticipant)
    .where(and(eq(chatParticipant.chatId, chatId), eq(chatParticipant.participantId, participantId)))
    .limit(1);
  return row ?? null;
}

/** D1 binds at most 100 parameters per statement; long id lists are queried in slices. */
function slices<T>(items: T[], size = 90): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function participantsOf(db: Db, chatIds: string[]): Promise<Map<string, ParticipantDetail[]>> {
  const out = new Map<string, ParticipantDetail[]>();
  for (const ids of slices(chatIds)) {
    if (ids.length === 0) continue;
    const rows = await db
      .select({ p: chatParticipant, u: user, ve: virtualEmployee })
      .from(chatParticipant)
      .leftJoin(user, and(eq(chatParticipant.participantType, "user"), eq(user.id, chatParticipant.participantId)))
      .leftJoin(virtualEmployee, and(eq(chatParticipant.participantType, "virtual_employee"), eq(virtualEmployee.id, chatParticipant.participantId)))
      .where(inArray(chatParticipant.chatId, ids))
      .orderBy(chatParticipant.joinedAt);
    for (const { p, u, ve } of rows) {
      const detail: ParticipantDetail = {
        ...p,
        name: u?.name ?? ve?.name ?? "Unknown User",
        email: u?.email ?? null,
        image: u?.image ?? ve?.avatarUrl ?? null,
        role: ve?.role ?? u?.role ?? null,
        agentType: ve?.agentType ?? null,
        description: ve?.description ?? null,
      };
      const list = out.get(p.chatId) ?? [];
      list.push(detail);
      out.set(p.chatId, list);
    }
  }
  return out;
}

/**
 * The chats a user sees in an organization: the chats of that organization they are in, plus
 * groups of other organizations they were invited into from outside (they would see them nowhere else).
 */
export async function chatsForUser(db: Db, userId: string, orgId: string): Promise<ChatRow[]> {
  const mine = db.select({ id: chatParticipant.chatId }).from(chatParticipant).where(eq(chatParticipant.participantId, userId));
  const memberOfChatOrg = db
    .select({ one: sql`1` })
    .from(organizationMember)
    .where(and(eq(organizationMember.orgId, chat.orgId), eq(organizationMember.userId, userId)));
  return db
    .select()
    .from(chat)
    .where(and(inArray(chat.id, mine), or(eq(chat.orgId, orgId), notExists(memberOfChatOrg))))
    .orderBy(desc(sql`coalesce(${chat.lastMessageAt}, ${chat.createdAt})`));
}

/**
 * An existing two-person chat of this kind between the two in this organization (spec 01 §4).
 * Coding-project chats are private chats with the coding agent too, but each belongs to its project.
 */
export async function findPrivateChat(db: Db, orgId: string, kind: "real_person" | "virtual_employee", a: string, b: string): Promise<ChatRow | null> {
  const withA = db.select({ id: chatParticipant.chatId }).from(chatParticipant).where(eq(chatParticipant.participantId, a));
  const withB = db.select({ id: chatParticipant.chatId }).from(chatParticipant).where(eq(chatParticipant.participantId, b));
  const [row] = await db
    .select()
    .from(chat)
    .where(and(eq(chat.orgId, orgId), eq(chat.kind, kind), isNull(chat.projectId), inArray(chat.id, withA), inArray(chat.id, withB)))
    .limit(1);
  return row ?? null;
}

export async function countOwnedGroups(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chat)
    .where(and(eq(chat.ownerId, userId), inArray(chat.kind, [...GROUP_KINDS])));
  return row?.n ?? 0;
}

export async function countOwnedAgentGroups(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chat)
    .where(and(eq(chat.ownerId, userId), eq(chat.kind, "single_group")));
  return row?.n ?? 0;
}

export async function vireIdsOwnedBy(db: Db, ownerId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: virtualEmployee.id })
    .from(virtualEmployee)
    .where(and(eq(virtualEmployee.ownerId, ownerId), inList(virtualEmployee.id, ids)));
  return new Set(rows.map((r) => r.id));
}

export async function orgMemberIds(db: Db, orgId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const out = new Set<string>();
  for (const part of slices(ids)) {
    const rows = await db
      .select({ id: organizationMember.userId })
      .from(organizationMember)
      .where(and(eq(organizationMember.orgId, orgId), inArray(organizationMember.userId, part)));
    for (const r of rows) out.add(r.id);
  }
  return out;
}

/** A newcomer has "seen" everything said before they joined: history is there, but not unread. */
export function seenSoFar(chatId: string) {
  return {
    seenHuman: sql<number>`(SELECT ${chat.humanCount} FROM ${chat} WHERE ${chat.id} = ${chatId})`,
    seenAgent: sql<number>`(SELECT ${chat.agentCount} FROM ${chat} WHERE ${chat.id} = ${chatId})`,
  };
}
