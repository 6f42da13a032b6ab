import { and, eq } from "drizzle-orm";
import { MAX_VIRES_PER_GROUP, type ParticipantType } from "../../contract";
import { inList, insertSlices } from "../db/bound-lists";
import type { Db } from "../db/client";
import { findChat, participantsOf, seenSoFar, vireIdsOwnedBy, type ChatRow } from "../db/chats";
import { membersOrFriends } from "../people/friends";
import { revokeInvitesOfRemoved } from "../people/group-invites";
import { chat, chatParticipant } from "../db/schema";
import type { Env } from "../env";
import { announceChat, chatViews, syncRoomMembers, tell } from "../lib/chat-sync";

/** A group with a VIRE is an agent group (single_group); without one it is a human group. */
async function refreshKind(db: Db, row: ChatRow): Promise<ChatRow> {
  const participants = (await participantsOf(db, [row.id])).get(row.id) ?? [];
  const kind = participants.some((p) => p.participantType === "virtual_employee") ? "single_group" : "human_group";
  if (kind !== row.kind) await db.update(chat).set({ kind, updatedAt: new Date() }).where(eq(chat.id, row.id));
  return (await findChat(db, row.id)) ?? { ...row, kind };
}

export type AddMembersRefused = { ok: false; reason: "already_members" | "too_many_vires" | "vire_not_found" | "not_in_organization" };

/** The owner adds colleagues of the group's organization, their own friends, or one of their VIREs (spec 02 §7). */
export async function addGroupMembers(
  env: Env,
  db: Db,
  group: ChatRow,
  ownerId: string,
  participantIds: string[],
  participantType: ParticipantType,
): Promise<{ ok: true; row: ChatRow; added: string[]; originalUserIds: string[] } | AddMembersRefused> {
  const existing = (await participantsOf(db, [group.id])).get(group.id) ?? [];
  const present = new Set(existing.map((p) => p.participantId));
  const ids = [...new Set(participantIds)].filter((id) => !present.has(id));
  if (ids.length === 0) return { ok: false, reason: "already_members" };
  if (participantType === "virtual_employee") {
    const vires = existing.filter((p) => p.participantType === "virtual_employee").length;
    if (vires + ids.length > MAX_VIRES_PER_GROUP) return { ok: false, reason: "too_many_vires" };
    if ((await vireIdsOwnedBy(db, ownerId, ids)).size !== ids.length) return { ok: false, reason: "vire_not_found" };
  } else if ((await membersOrFriends(db, group.orgId, ownerId, ids)).size !== ids.length) {
    return { ok: false, reason: "not_in_organization" };
  }

  const originalUserIds = existing.filter((p) => p.participantType === "user").map((p) => p.participantId);
  const rows = ids.map((participantId) => ({ chatId: group.id, participantId, participantType, ...seenSoFar(group.id) }));
  for (const part of insertSlices(chatParticipant, rows)) await db.insert(chatParticipant).values(part);
  const row = await refreshKind(db, group);
  await syncRoomMembers(env, db, row);
  if (participantType === "user") await announceChat(env, db, row, ids);
  await tell(env, originalUserIds, { type: "member_add", chatId: group.id, participantIds: ids });
  return { ok: true, row, added: ids, originalUserIds };
}

/** The owner removes members (never themselves); the removed and the remaining are told. */
export async function removeGroupMembers(
  env: Env,
  db: Db,
  group: ChatRow,
  ownerId: string,
  participantIds: string[],
): Promise<{ ok: true; row: ChatRow; removed: string[]; remainingUserIds: string[] } | { ok: false; reason: "owner_cannot_be_removed" | "not_a_member" }> {
  const ids = [...new Set(participantIds)];
  if (ids.includes(ownerId)) return { ok: false, reason: "owner_cannot_be_removed" };
  const existing = (await participantsOf(db, [group.id])).get(group.id) ?? [];
  const present = new Set(existing.map((p) => p.participantId));
  if (ids.some((id) => !present.has(id))) return { ok: false, reason: "not_a_member" };
  await db.delete(chatParticipant).where(and(eq(chatParticipant.chatId, group.id), inList(chatParticipant.participantId, ids)));
  await revokeInvitesOfRemoved(db, group.id, ids);
  const row = await refreshKind(db, group);
  await syncRoomMembers(env, db, row, "removed");
  const { userIds } = await chatViews(db, row);
  await tell(env, ids, { type: "group_remove", chatId: group.id, reason: "removed" });
  await tell(env, userIds, { type: "member_remove", chatId: group.id, participantIds: ids });
  return { ok: true, row, removed: ids, remainingUserIds: userIds };
}
