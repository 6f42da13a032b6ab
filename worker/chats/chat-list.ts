import type { ChatListItem } from "../../contract";
import { toChatListItem } from "../db/chat-mappers";
import { chatsForUser, participantsOf } from "../db/chats";
import type { Db } from "../db/client";
import type { AuthUser } from "../lib/app";
import { requireCurrentMembership } from "../lib/org-access";

/** My chats in my current organization as list rows, newest activity first (GET /api/group-chats and GET /api/chats). */
export async function myChatList(db: Db, user: AuthUser): Promise<ChatListItem[]> {
  const membership = await requireCurrentMembership(db, user);
  const rows = await chatsForUser(db, user.id, membership.org.id);
  const participants = await participantsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toChatListItem(r, participants.get(r.id) ?? [], user.id));
}
