import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { countOwnedAgentGroups, type ChatRow } from "../db/chats";
import { chat, chatParticipant } from "../db/schema";
import type { Env } from "../env";
import { dissolveChats } from "../lib/chat-dissolve";
import { chatViews, syncRoomMembers, tell } from "../lib/chat-sync";
import { roomStub } from "../rooms/stubs";
import type { ChatListItem } from "../../contract";

/** Renames a group for everyone: D1, the room, and every member's chat list. Gives the renamer's view. */
export async function renameGroup(env: Env, db: Db, group: ChatRow, name: string, viewerId: string): Promise<ChatListItem> {
  await db.update(chat).set({ name, updatedAt: new Date() }).where(eq(chat.id, group.id));
  await roomStub(env, group.id).renamed(name);
  const { userIds, viewFor } = await chatViews(db, { ...group, name });
  await tell(env, userIds, { type: "chat_updated", chatId: group.id, name });
  return viewFor(viewerId);
}

/**
 * Dissolves a group its owner no longer wants. The owner's last agent group stays: it is where
 * their VIRE works with others. Gives the users who were in it.
 */
export async function dissolveGroup(env: Env, db: Db, group: ChatRow): Promise<{ ok: true; userIds: string[] } | { ok: false; reason: "last_agent_group" }> {
  if (group.kind === "single_group" && (await countOwnedAgentGroups(db, group.ownerId)) <= 1) return { ok: false, reason: "last_agent_group" };
  const userIds = (await dissolveChats(env, db, [group.id])).get(group.id) ?? [];
  return { ok: true, userIds };
}

/** A member leaves a group; its owner cannot (they dissolve it instead). The others are told. */
export async function leaveGroup(env: Env, db: Db, group: ChatRow, userId: string): Promise<{ ok: true } | { ok: false; reason: "owner_cannot_leave" }> {
  if (group.ownerId === userId) return { ok: false, reason: "owner_cannot_leave" };
  await db.delete(chatParticipant).where(and(eq(chatParticipant.chatId, group.id), eq(chatParticipant.participantId, userId)));
  await syncRoomMembers(env, db, group, "left");
  const { userIds } = await chatViews(db, group);
  await tell(env, [userId], { type: "group_remove", chatId: group.id, reason: "left" });
  await tell(env, userIds, { type: "member_remove", chatId: group.id, participantIds: [userId] });
  return { ok: true };
}
