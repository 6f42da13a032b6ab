import type { ChatListItem, InboxFrame } from "../../contract";
import type { Db } from "../db/client";
import { participantsOf, type ChatRow } from "../db/chats";
import { toChatListItem, toRoomMember } from "../db/chat-mappers";
import type { Env } from "../env";
import { notifyUsers, roomStub } from "../rooms/stubs";

/** The chat as each of its users sees it (names of private chats differ per viewer). */
export async function chatViews(db: Db, row: ChatRow): Promise<{ userIds: string[]; viewFor: (userId: string) => ChatListItem }> {
  const participants = (await participantsOf(db, [row.id])).get(row.id) ?? [];
  const userIds = participants.filter((p) => p.participantType === "user").map((p) => p.participantId);
  return { userIds, viewFor: (userId) => toChatListItem(row, participants, userId) };
}

/** Pushes the D1 participant list into the room (the room authorises every send against it). */
export async function syncRoomMembers(env: Env, db: Db, row: ChatRow, reason: "removed" | "left" = "removed"): Promise<{ added: string[]; removed: string[] }> {
  const participants = (await participantsOf(db, [row.id])).get(row.id) ?? [];
  return roomStub(env, row.id).setMembers({ chatId: row.id, orgId: row.orgId, ownerId: row.ownerId, name: row.name }, participants.map(toRoomMember), reason);
}

/** Sends every listed user a `group_add` with their own view of the chat. */
export async function announceChat(env: Env, db: Db, row: ChatRow, toUserIds?: string[]): Promise<void> {
  const { userIds, viewFor } = await chatViews(db, row);
  const targets = toUserIds ?? userIds;
  await Promise.all(targets.map((id) => notifyUsers(env, [id], { type: "group_add", chat: viewFor(id) })));
}

export async function tell(env: Env, userIds: Iterable<string>, frame: InboxFrame): Promise<void> {
  await notifyUsers(env, userIds, frame);
}
