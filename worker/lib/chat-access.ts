import type { Db } from "../db/client";
import { findChat, findParticipant, isGroup, type ChatRow, type ParticipantRow } from "../db/chats";
import { ApiError } from "./envelope";

export interface ChatAccess {
  chat: ChatRow;
  me: ParticipantRow;
}

/** 404 for chats the user is not in, so chat ids reveal nothing to outsiders. */
export async function requireChatMember(db: Db, userId: string, chatId: string): Promise<ChatAccess> {
  const [chat, me] = await Promise.all([findChat(db, chatId), findParticipant(db, chatId, userId)]);
  if (!chat || !me) throw new ApiError(404, "Chat not found");
  return { chat, me };
}

export async function requireGroupMember(db: Db, userId: string, chatId: string): Promise<ChatAccess> {
  const access = await requireChatMember(db, userId, chatId);
  if (!isGroup(access.chat.kind)) throw new ApiError(400, "This is not a group chat");
  return access;
}

export function requireOwner(access: ChatAccess, message: string): void {
  if (access.chat.ownerId !== access.me.participantId) throw new ApiError(403, message);
}

/**
 * The ask-only stream of a chat is addressed as `{chatId}_{userId}` (spec 02 §7); only that user
 * may read it.
 */
export function splitStreamId(rawId: string, viewerId: string): { chatId: string; askOnly: boolean } {
  const suffix = `_${viewerId}`;
  if (rawId.endsWith(suffix) && rawId.length > suffix.length) return { chatId: rawId.slice(0, -suffix.length), askOnly: true };
  return { chatId: rawId, askOnly: false };
}
