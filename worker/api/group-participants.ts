import { and, eq } from "drizzle-orm";
import { Id, MAX_VIRES_PER_GROUP, ParticipantsBody } from "../../contract";
import { getDb } from "../db/client";
import { findChat, orgMemberIds, participantsOf, seenSoFar, vireIdsOwnedBy, type ChatRow } from "../db/chats";
import { chat, chatParticipant } from "../db/schema";
import { newApp } from "../lib/app";
import { requireGroupMember, requireOwner } from "../lib/chat-access";
import { announceChat, chatViews, syncRoomMembers, tell } from "../lib/chat-sync";
import { ApiError, ok } from "../lib/envelope";
import { jsonBody, parseWith } from "../lib/validate";
import { inList, inSlices } from "../db/bound-lists";

/** About a dozen parameters per participant row: 6 rows keep a statement under the 100 limit. */
const PARTICIPANT_ROWS_PER_INSERT = 6;

/** A group with a VIRE is an agent group (single_group); without one it is a human group. */
async function refreshKind(db: ReturnType<typeof getDb>, row: ChatRow): Promise<ChatRow> {
  const participants = (await participantsOf(db, [row.id])).get(row.id) ?? [];
  const kind = participants.some((p) => p.participantType === "virtual_employee") ? "single_group" : "human_group";
  if (kind !== row.kind) await db.update(chat).set({ kind, updatedAt: new Date() }).where(eq(chat.id, row.id));
  return (await findChat(db, row.id)) ?? { ...row, kind };
}

/** `/api/group-chats/{chatId}/participants`: the owner adds and removes members (spec 02 §7). */
export const groupParticipantsApi = newApp()
  .post("/:chatId/participants", async (c) => {
    const chatId = parseWith(Id, c.req.param("chatId"));
    const { participantIds, participantType } = await jsonBody(c, ParticipantsBody);
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const access = await requireGroupMember(db, user.id, chatId);
    requireOwner(access, "Only the group owner can add members");

    const existing = (await participantsOf(db, [chatId])).get(chatId) ?? [];
    const present = new Set(existing.map((p) => p.participantId));
    const ids = [...new Set(participantIds)].filter((id) => !present.has(id));
    if (ids.length === 0) throw new ApiError(409, "Everyone selected is already in the group");
    if (participantType === "virtual_employee") {
      const vires = existing.filter((p) => p.participantType === "virtual_employee").length;
      if (vires + ids.length > MAX_VIRES_PER_GROUP) throw new ApiError(400, "Each group can only select up to 1 virtual employee");
      if ((await vireIdsOwnedBy(db, user.id, ids)).size !== ids.length) throw new ApiError(404, "Virtual employee not found");
    } else if ((await orgMemberIds(db, access.chat.orgId, ids)).size !== ids.length) {
      throw new ApiError(403, "You can only add members of the group's organization");
    }

    const originalUserIds = existing.filter((p) => p.participantType === "user").map((p) => p.participantId);
    const rows = ids.map((participantId) => ({ chatId, participantId, participantType, ...seenSoFar(chatId) }));
    for (const part of inSlices(rows, PARTICIPANT_ROWS_PER_INSERT)) await db.insert(chatParticipant).values(part);
    const row = await refreshKind(db, access.chat);
    await syncRoomMembers(c.env, db, row);
    if (participantType === "user") await announceChat(c.env, db, row, ids);
    await tell(c.env, originalUserIds, { type: "member_add", chatId, participantIds: ids });
    const timestamp = new Date().toISOString();
    return ok(c, {
      systemNotificationData: { newMemberIds: ids, organizationId: row.orgId, chatName: row.name, addedBy: user.id },
      notificationData: { newParticipantIds: ids, originalUserIds, addedBy: user.id, timestamp },
      chatId,
      chatName: row.name,
    });
  })
  .delete("/:chatId/participants", async (c) => {
    const chatId = parseWith(Id, c.req.param("chatId"));
    const { participantIds } = await jsonBody(c, ParticipantsBody);
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const access = await requireGroupMember(db, user.id, chatId);
    requireOwner(access, "only owner can remove");
    const ids = [...new Set(participantIds)];
    if (ids.includes(user.id)) throw new ApiError(400, "The owner cannot remove themselves");

    const existing = (await participantsOf(db, [chatId])).get(chatId) ?? [];
    const present = new Set(existing.map((p) => p.participantId));
    if (ids.some((id) => !present.has(id))) throw new ApiError(404, "Member not found");
    await db.delete(chatParticipant).where(and(eq(chatParticipant.chatId, chatId), inList(chatParticipant.participantId, ids)));
    const row = await refreshKind(db, access.chat);
    await syncRoomMembers(c.env, db, row, "removed");
    const { userIds } = await chatViews(db, row);
    await tell(c.env, ids, { type: "group_remove", chatId, reason: "removed" });
    await tell(c.env, userIds, { type: "member_remove", chatId, participantIds: ids });
    const timestamp = new Date().toISOString();
    return ok(c, {
      systemNotificationData: { removedMemberIds: ids, organizationId: row.orgId, chatName: row.name, removedBy: user.id },
      notificationData: { removedParticipantIds: ids, remainingUserIds: userIds, removedBy: user.id, timestamp },
      chatId,
      chatName: row.name,
    });
  });
