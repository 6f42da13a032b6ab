import { and, desc, eq } from "drizzle-orm";
import * as v from "valibot";
import { GroupInviteBody, Id, type GroupInvite, type GroupInvitesAnswer, type GroupInviteCreated, type GroupInviteAccepted } from "../../contract";
import { getDb } from "../db/client";
import { findChat, seenSoFar } from "../db/chats";
import { chatParticipant, groupInvite, user as userTable } from "../db/schema";
import { newApp } from "../lib/app";
import { requireGroupMember, requireOwner } from "../lib/chat-access";
import { announceChat, syncRoomMembers, tell } from "../lib/chat-sync";
import { ApiError, ok } from "../lib/envelope";
import { newId, randomCode } from "../lib/ids";
import { requireUser } from "../lib/session";
import { json, param, query } from "../lib/validate";
import { deliverGroupInvite, visibleInviteeId } from "../people/group-invites";
import { publicOrigin } from "../workspace/public-origin";

const INVITE_DAYS = 7;
/** 28 characters of a 31-letter alphabet: over 128 bits, so a code cannot be guessed. */
const INVITE_CODE_LENGTH = 28;
const ListQuery = v.object({ type: v.optional(v.picklist(["sent"])), chatId: Id });
const AcceptParam = v.object({ inviteCode: v.pipe(v.string(), v.maxLength(64)) });

function toInvite(row: typeof groupInvite.$inferSelect, chatName: string, now = Date.now()): GroupInvite {
  const expired = row.status === "pending" && row.expiresAt.getTime() <= now;
  return {
    id: row.id,
    invitee_email: row.inviteeEmail,
    status: expired ? "expired" : row.status,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    invite_code: row.inviteCode,
    chat_name: chatName,
    chatId: row.chatId,
  };
}

/** `/api/group-invites`: the owner invites people by e-mail; the link lets the invitee join (spec 02 §2.11). */
export const groupInvitesApi = newApp()
  .use(requireUser)
  .get("/", query(ListQuery), async (c) => {
    const { chatId } = c.req.valid("query");
    const db = getDb(c.env.DB);
    const access = await requireGroupMember(db, c.get("user").id, chatId);
    requireOwner(access, "only owner can invite external");
    const rows = await db.select().from(groupInvite).where(eq(groupInvite.chatId, chatId)).orderBy(desc(groupInvite.createdAt));
    return ok<GroupInvitesAnswer>(c, { invites: rows.map((r) => toInvite(r, access.chat.name)) });
  })
  .post("/", json(GroupInviteBody), async (c) => {
    const body = c.req.valid("json");
    const db = getDb(c.env.DB);
    const me = c.get("user");
    const access = await requireGroupMember(db, me.id, body.chatId);
    requireOwner(access, "only owner can invite external");
    const email = body.inviteeEmail.toLowerCase();
    if (email === me.email.toLowerCase()) throw new ApiError(400, "You are already in this group");
    const row = {
      id: newId("ginv"),
      chatId: body.chatId,
      inviterId: me.id,
      inviteeEmail: email,
      inviteCode: randomCode(INVITE_CODE_LENGTH),
      expiresAt: new Date(Date.now() + INVITE_DAYS * 86_400_000),
    };
    await db.insert(groupInvite).values(row);
    const locale = /^zh\b/i.test(c.req.header("accept-language") ?? "") ? "zh" : "en";
    await deliverGroupInvite(c.env, db, {
      id: row.id,
      to: email,
      code: row.inviteCode,
      expiresAt: row.expiresAt,
      inviter: { id: me.id, name: me.name },
      chat: { id: access.chat.id, name: access.chat.name, orgId: access.chat.orgId },
      origin: publicOrigin(c),
      locale,
    });
    return ok<GroupInviteCreated>(c, {
      id: row.id,
      expiresAt: row.expiresAt.toISOString(),
      inviteCode: row.inviteCode,
      error: null,
      systemNotificationData: {
        inviteeUserId: await visibleInviteeId(db, email, access.chat.orgId, me.id),
        organizationId: access.chat.orgId,
        chatName: access.chat.name,
        inviterName: me.name,
        inviteCode: row.inviteCode,
      },
    });
  })
  .post("/:inviteCode/accept", param(AcceptParam), async (c) => {
    const { inviteCode: code } = c.req.valid("param");
    const db = getDb(c.env.DB);
    const me = c.get("user");
    const [invite] = await db.select().from(groupInvite).where(eq(groupInvite.inviteCode, code.toUpperCase())).limit(1);
    if (!invite) throw new ApiError(404, "Invitation not found");
    // The link is for the person it was sent to; anyone else holding it gets nothing.
    if (invite.inviteeEmail !== me.email.toLowerCase()) throw new ApiError(403, "This invitation was sent to another e-mail address");
    const chat = await findChat(db, invite.chatId);
    if (!chat) throw new ApiError(410, "This group no longer exists");
    // Accepting twice is harmless while you are still in the group; a used invitation never lets a
    // removed member back in.
    if (invite.status === "accepted") {
      const [still] = await db
        .select()
        .from(chatParticipant)
        .where(and(eq(chatParticipant.chatId, chat.id), eq(chatParticipant.participantId, me.id)))
        .limit(1);
      if (still) return ok<GroupInviteAccepted>(c, { chatId: chat.id, chatName: chat.name });
      throw new ApiError(410, "This invitation has already been used");
    }
    if (invite.status !== "pending") throw new ApiError(410, `This invitation is ${invite.status}`);
    if (invite.expiresAt.getTime() <= Date.now()) throw new ApiError(410, "This invitation has expired");

    await db.batch([
      db
        .insert(chatParticipant)
        .values({ chatId: chat.id, participantId: me.id, participantType: "user", ...seenSoFar(chat.id) })
        .onConflictDoNothing(),
      db
        .update(groupInvite)
        .set({ status: "accepted" })
        .where(and(eq(groupInvite.id, invite.id))),
    ]);
    const { added } = await syncRoomMembers(c.env, db, chat);
    if (added.length) {
      await announceChat(c.env, db, chat, [me.id]);
      const others = (await db.select({ id: chatParticipant.participantId }).from(chatParticipant).where(eq(chatParticipant.chatId, chat.id))).map((r) => r.id);
      await tell(
        c.env,
        others.filter((id) => id !== me.id),
        { type: "member_add", chatId: chat.id, participantIds: [me.id] },
      );
    }
    return ok<GroupInviteAccepted>(c, { chatId: chat.id, chatName: chat.name });
  });
