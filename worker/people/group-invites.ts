import { and, eq } from "drizzle-orm";
import { inList } from "../db/bound-lists";
import type { Db } from "../db/client";
import { groupInvite, user as userTable } from "../db/schema";
import type { Env } from "../env";
import { queueMail } from "../mail/outbox";
import { notify } from "../notifications";
import { membersOrFriends } from "./friends";

export interface GroupInviteMail {
  id: string;
  to: string;
  code: string;
  expiresAt: Date;
  inviter: { id: string; name: string };
  chat: { id: string; name: string; orgId: string };
  origin: string;
  locale: "en" | "zh";
}

/**
 * Sends a group invitation: the mail with its link, and, when the address has an account, the
 * invitation in that person's notifications too. The inviter learns neither way whether it has one.
 */
export async function deliverGroupInvite(env: Env, db: Db, invite: GroupInviteMail): Promise<void> {
  const link = `${invite.origin}/group-invite/${invite.code}`;
  try {
    await queueMail(env, {
      to: invite.to,
      kind: "group_invite",
      locale: invite.locale,
      vars: { inviterName: invite.inviter.name, chatName: invite.chat.name, link, expiresAt: invite.expiresAt.toISOString() },
      dedupeKey: `group_invite:${invite.id}`,
    });
  } catch (err) {
    // The invitation stands: its link can still be copied from the list and shared by hand.
    console.error("group invite mail not queued", invite.id, err);
  }
  const [invitee] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, invite.to)).limit(1);
  if (!invitee) return;
  await notify(env, [invitee.id], {
    type: "email_group_join_request",
    payload: {
      chatId: invite.chat.id,
      chatName: invite.chat.name,
      organizationId: invite.chat.orgId,
      actorId: invite.inviter.id,
      actorName: invite.inviter.name,
    },
    actions: [{ id: "accept", type: "approve", label: "Join", variant: "primary", apiEndpoint: `/api/group-invites/${invite.code}/accept`, method: "POST" }],
  });
}

/** The invitee's id for the inviter's answer only when the inviter can already see them (a colleague or a friend). */
export async function visibleInviteeId(db: Db, email: string, orgId: string, inviterId: string): Promise<string | null> {
  const [invitee] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email)).limit(1);
  if (!invitee) return null;
  return (await membersOrFriends(db, orgId, inviterId, [invitee.id])).has(invitee.id) ? invitee.id : null;
}

/**
 * Removing someone from a group closes the invitations that group sent them before: a link
 * still in their mailbox must not let them back in. A new invitation sent afterwards is the
 * owner's fresh decision and works. (Used invitations never readmit anyone: see accept.)
 */
export async function revokeInvitesOfRemoved(db: Db, chatId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const emails = (await db.select({ email: userTable.email }).from(userTable).where(inList(userTable.id, userIds))).map((r) => r.email.toLowerCase());
  if (emails.length === 0) return;
  await db
    .update(groupInvite)
    .set({ status: "revoked" })
    .where(and(eq(groupInvite.chatId, chatId), eq(groupInvite.status, "pending"), inList(groupInvite.inviteeEmail, emails)));
}
