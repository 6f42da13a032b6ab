import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { findPrivateChat, vireIdsOwnedBy, type ChatRow } from "../db/chats";
import { chatWithOutsideFriend, membersOrFriends } from "../people/friends";
import { chat, chatParticipant, user as userTable, virtualEmployee } from "../db/schema";
import type { Env } from "../env";
import type { AuthUser } from "../lib/app";
import { announceChat, syncRoomMembers } from "../lib/chat-sync";
import { newId } from "../lib/ids";

export type PrivateTargetType = "user" | "virtual_employee";

/** Why a private chat may not be had (spec 01 §5). */
export interface PrivateChatRefused {
  ok: false;
  reason: "self" | "not_in_organization" | "vire_not_found";
}

export interface PrivateChatOpened {
  ok: true;
  row: ChatRow;
  existing: boolean;
  /** The other party's name, which is also the chat's name. */
  name: string;
}

/** `forceNew` opens a chat of its own for a coding project (`projectId`) instead of reusing the existing one. */
export interface OpenPrivateChatOptions {
  forceNew?: boolean;
  projectId?: string;
}

/** Checks that I may have a private chat with this colleague (same organization), friend or VIRE (mine); gives their name. */
export async function privateChatTarget(
  db: Db,
  me: AuthUser,
  participantId: string,
  participantType: PrivateTargetType,
  orgId: string,
): Promise<{ ok: true; name: string } | PrivateChatRefused> {
  if (participantType === "user") {
    if (participantId === me.id) return { ok: false, reason: "self" };
    if ((await membersOrFriends(db, orgId, me.id, [participantId])).size === 0) return { ok: false, reason: "not_in_organization" };
    const [row] = await db.select({ name: userTable.name }).from(userTable).where(eq(userTable.id, participantId));
    return { ok: true, name: row?.name ?? "" };
  }
  if ((await vireIdsOwnedBy(db, me.id, [participantId])).size === 0) return { ok: false, reason: "vire_not_found" };
  const [row] = await db.select({ name: virtualEmployee.name }).from(virtualEmployee).where(eq(virtualEmployee.id, participantId));
  return { ok: true, name: row?.name ?? "" };
}

/**
 * Opens the two-person chat with a colleague or one of my VIREs in my current organization,
 * reusing the one that exists (spec 01 §4). Forwarding and project creation use this too.
 */
export async function openPrivateChat(
  env: Env,
  db: Db,
  me: AuthUser,
  participantId: string,
  participantType: PrivateTargetType,
  orgId: string,
  options: OpenPrivateChatOptions = {},
): Promise<PrivateChatOpened | PrivateChatRefused> {
  const target = await privateChatTarget(db, me, participantId, participantType, orgId);
  if (!target.ok) return target;
  const { name } = target;
  const kind = participantType === "user" ? "real_person" : "virtual_employee";
  const found = options.forceNew
    ? null
    : ((await findPrivateChat(db, orgId, kind, me.id, participantId)) ??
      (participantType === "user" ? await chatWithOutsideFriend(db, orgId, me.id, participantId) : null));
  if (found) return { ok: true, row: found, existing: true, name };

  const id = newId("chat");
  await db.batch([
    db.insert(chat).values({ id, orgId, name, kind, ownerId: me.id, projectId: options.projectId ?? null }),
    db.insert(chatParticipant).values([
      { chatId: id, participantId: me.id, participantType: "user", cpRole: "owner" },
      { chatId: id, participantId, participantType },
    ]),
  ]);
  const row = (await db.select().from(chat).where(eq(chat.id, id)))[0]!;
  await syncRoomMembers(env, db, row);
  await announceChat(env, db, row);
  return { ok: true, row, existing: false, name };
}

/** `POST /api/private-chats`: only in my current organization, whichever one the client names. */
export async function startPrivateChat(
  env: Env,
  db: Db,
  me: AuthUser,
  currentOrgId: string,
  body: { participantId: string; participantType: PrivateTargetType; organizationId?: string | null },
): Promise<PrivateChatOpened | PrivateChatRefused> {
  if (body.organizationId && body.organizationId !== currentOrgId) return { ok: false, reason: "not_in_organization" };
  return openPrivateChat(env, db, me, body.participantId, body.participantType, currentOrgId);
}
