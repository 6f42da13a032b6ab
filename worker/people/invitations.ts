import { and, count, desc, eq, gt } from "drizzle-orm";
import {
  FRIEND_INVITE_DAYS,
  FRIEND_INVITES_PER_DAY,
  type FriendInvite,
  type FriendInviteAccepted,
  type FriendInviteCreated,
  type FriendInviteInfo,
} from "../../contract";
import type { Db } from "../db/client";
import { orgMemberIds } from "../db/chats";
import { friendInvite, user as userTable } from "../db/schema";
import type { Env } from "../env";
import type { AuthUser } from "../lib/app";
import { newId } from "../lib/ids";
import { currentMembership } from "../lib/org-access";
import { queueMail } from "../mail/outbox";
import { newInviteCode } from "./codes";
import { unhideContact } from "./contacts";
import { areFriends, makeFriends } from "./friends";
import { tellInviterAccepted } from "./notices";

type InviteRow = typeof friendInvite.$inferSelect;
const DAY_MS = 86_400_000;

export type InviteRefused = { ok: false; reason: "self" | "already_friend" | "too_many"; email: string };
export type AcceptRefused = { ok: false; reason: "not_found" | "own" | "used" | "expired" | "closed"; status?: string };

function isExpired(row: InviteRow, now = Date.now()): boolean {
  return row.status === "pending" && row.expiresAt.getTime() <= now;
}

function toFriendInvite(row: InviteRow): FriendInvite {
  return {
    id: row.id,
    invitee_email: row.inviteeEmail,
    status: isExpired(row) ? "expired" : row.status,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    invite_code: row.inviteCode,
  };
}

export async function sentInvites(db: Db, inviterId: string): Promise<FriendInvite[]> {
  const rows = await db.select().from(friendInvite).where(eq(friendInvite.inviterId, inviterId)).orderBy(desc(friendInvite.createdAt)).limit(200);
  return rows.map(toFriendInvite);
}

export interface InviteContext {
  /** Where the link points: the product's public origin. */
  origin: string;
  locale: "en" | "zh";
}

/**
 * Invites an e-mail address to be my friend and queues the mail with the link. The answer is the
 * same whether or not the address has an account; only someone I can already see (a colleague or
 * a friend) is named, and "already your friend" is said only about people I know.
 */
export async function inviteFriend(
  env: Env,
  db: Db,
  me: AuthUser,
  rawEmail: string,
  ctx: InviteContext,
): Promise<{ ok: true; created: FriendInviteCreated } | InviteRefused> {
  const email = rawEmail.toLowerCase();
  if (email === me.email.toLowerCase()) return { ok: false, reason: "self", email };
  const membership = await currentMembership(db, me);
  const [invitee] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email)).limit(1);
  let visibleId: string | null = null;
  if (invitee) {
    if (await areFriends(db, me.id, invitee.id)) return { ok: false, reason: "already_friend", email };
    if (membership && (await orgMemberIds(db, membership.org.id, [invitee.id])).size) visibleId = invitee.id;
  }
  const [sent] = await db
    .select({ n: count() })
    .from(friendInvite)
    .where(and(eq(friendInvite.inviterId, me.id), gt(friendInvite.createdAt, new Date(Date.now() - DAY_MS))));
  if ((sent?.n ?? 0) >= FRIEND_INVITES_PER_DAY) return { ok: false, reason: "too_many", email };

  const now = new Date();
  const row = {
    id: newId("finv"),
    inviterId: me.id,
    inviteeEmail: email,
    inviteCode: newInviteCode(),
    status: "pending" as const,
    createdAt: now,
    expiresAt: new Date(now.getTime() + FRIEND_INVITE_DAYS * DAY_MS),
  };
  await db.insert(friendInvite).values(row);
  try {
    await queueMail(env, {
      to: email,
      kind: "friend_invite",
      locale: ctx.locale,
      vars: { inviterName: me.name, link: `${ctx.origin}/friend-invite/${row.inviteCode}`, expiresAt: row.expiresAt.toISOString() },
      dedupeKey: `friend_invite:${row.id}`,
    });
  } catch (err) {
    // The invitation stands: its link can still be copied from the history and shared by hand.
    console.error("friend invite mail not queued", row.id, err);
  }
  return {
    ok: true,
    created: {
      id: row.id,
      inviteCode: row.inviteCode,
      expiresAt: row.expiresAt.toISOString(),
      systemNotificationData: { inviteeUserId: visibleId, organizationId: membership?.org.id ?? null, inviterName: me.name, inviteCode: row.inviteCode },
    },
  };
}

async function findInvite(db: Db, code: string): Promise<InviteRow | null> {
  const [row] = await db.select().from(friendInvite).where(eq(friendInvite.inviteCode, code)).limit(1);
  return row ?? null;
}

/** What anyone holding the link may learn: who invites, and whether the invitation is still open (never the invitee's address). */
export async function inviteInfo(db: Db, code: string): Promise<FriendInviteInfo | null> {
  const row = await findInvite(db, code);
  if (!row) return null;
  const [inviter] = await db.select({ name: userTable.name, image: userTable.image }).from(userTable).where(eq(userTable.id, row.inviterId)).limit(1);
  const view = toFriendInvite(row);
  return {
    inviteCode: row.inviteCode,
    inviterName: inviter?.name ?? "",
    inviterImage: inviter?.image ?? null,
    status: view.status,
    expired: view.status === "expired",
    expiresAt: view.expires_at,
  };
}

/**
 * Accepts a friend invitation: the two become friends and the inviter is told. The link is the
 * secret, so whoever signs in with it may accept, whatever address it was mailed to (people sign
 * up with another address than the one a friend knows); it works once, and never after expiry.
 */
export async function acceptInvite(env: Env, db: Db, me: AuthUser, code: string): Promise<{ ok: true; accepted: FriendInviteAccepted } | AcceptRefused> {
  const row = await findInvite(db, code);
  if (!row) return { ok: false, reason: "not_found" };
  if (row.inviterId === me.id) return { ok: false, reason: "own" };
  if (row.status === "accepted") return { ok: false, reason: "used" };
  if (row.status !== "pending") return { ok: false, reason: "closed", status: row.status };
  if (isExpired(row)) return { ok: false, reason: "expired" };

  // The status check and the update are one statement, so two tabs accepting at once use it once.
  const now = new Date();
  const claimed = await db
    .update(friendInvite)
    .set({ status: "accepted", acceptedBy: me.id, acceptedAt: now })
    .where(and(eq(friendInvite.id, row.id), eq(friendInvite.status, "pending"), gt(friendInvite.expiresAt, now)))
    .returning({ id: friendInvite.id });
  if (claimed.length === 0) return { ok: false, reason: "used" };

  await makeFriends(db, row.inviterId, me.id);
  await unhideContact(db, row.inviterId, me.id);
  await unhideContact(db, me.id, row.inviterId);
  const [inviter] = await db.select({ name: userTable.name }).from(userTable).where(eq(userTable.id, row.inviterId)).limit(1);
  const membership = await currentMembership(db, me);
  await tellInviterAccepted(env, row.inviterId, { id: me.id, name: me.name });
  return {
    ok: true,
    accepted: {
      friendId: row.inviterId,
      friendName: inviter?.name ?? "",
      systemNotificationData: { action: "friend_invite_accepted", userId: me.id, inviterName: inviter?.name ?? "", organizationId: membership?.org.id ?? null },
    },
  };
}
