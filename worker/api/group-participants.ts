import * as v from "valibot";
import { Id, ParticipantsBody, type AddParticipantsAnswer, type RemoveParticipantsAnswer } from "../../contract";
import { addGroupMembers, removeGroupMembers, type AddMembersRefused } from "../chats/group-members";
import { getDb } from "../db/client";
import { notify } from "../notifications";
import { newApp } from "../lib/app";
import { requireGroupMember, requireOwner } from "../lib/chat-access";
import { ApiError, ok } from "../lib/envelope";
import { json, param } from "../lib/validate";

const ChatParam = v.object({ chatId: Id });

function addMembersError(r: AddMembersRefused): ApiError {
  switch (r.reason) {
    case "already_members":
      return new ApiError(409, "Everyone selected is already in the group");
    case "too_many_vires":
      return new ApiError(400, "Each group can only select up to 1 virtual employee");
    case "vire_not_found":
      return new ApiError(404, "Virtual employee not found");
    case "not_in_organization":
      return new ApiError(403, "You can only add members of the group's organization");
  }
}

/** `/api/group-chats/{chatId}/participants`: the owner adds and removes members (spec 02 §7). */
export const groupParticipantsApi = newApp()
  .post("/:chatId/participants", param(ChatParam), json(ParticipantsBody), async (c) => {
    const { chatId } = c.req.valid("param");
    const { participantIds, participantType } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const access = await requireGroupMember(db, user.id, chatId);
    requireOwner(access, "Only the group owner can add members");
    const added = await addGroupMembers(c.env, db, access.chat, user.id, participantIds, participantType);
    if (!added.ok) throw addMembersError(added);
    const { row, added: ids, originalUserIds } = added;
    const facts = { chatId, chatName: row.name, organizationId: row.orgId, actorId: user.id, actorName: user.name };
    if (participantType === "user") await notify(c.env, ids, { type: "direct_group_join", payload: facts });
    return ok<AddParticipantsAnswer>(c, {
      systemNotificationData: { newMemberIds: ids, organizationId: row.orgId, chatName: row.name, addedBy: user.id },
      notificationData: { newParticipantIds: ids, originalUserIds, addedBy: user.id, timestamp: new Date().toISOString() },
      chatId,
      chatName: row.name,
    });
  })
  .delete("/:chatId/participants", param(ChatParam), json(ParticipantsBody), async (c) => {
    const { chatId } = c.req.valid("param");
    const { participantIds } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const access = await requireGroupMember(db, user.id, chatId);
    requireOwner(access, "only owner can remove");
    const removed = await removeGroupMembers(c.env, db, access.chat, user.id, participantIds);
    if (!removed.ok)
      throw removed.reason === "owner_cannot_be_removed" ? new ApiError(400, "The owner cannot remove themselves") : new ApiError(404, "Member not found");
    const { row, removed: ids, remainingUserIds } = removed;
    await notify(c.env, ids, {
      type: "remove_from_group",
      payload: { chatId, chatName: row.name, organizationId: row.orgId, actorId: user.id, actorName: user.name },
    });
    return ok<RemoveParticipantsAnswer>(c, {
      systemNotificationData: { removedMemberIds: ids, organizationId: row.orgId, chatName: row.name, removedBy: user.id },
      notificationData: { removedParticipantIds: ids, remainingUserIds, removedBy: user.id, timestamp: new Date().toISOString() },
      chatId,
      chatName: row.name,
    });
  });
