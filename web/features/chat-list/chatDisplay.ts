import type { ChatListItem } from "../../../contract";

/** The face of a chat: the other person (or VIRE) of a private chat, else the group's own name. */
export function chatAvatar(chat: ChatListItem): { name: string; image: string | null } {
  if (!chat.is_group && chat.type !== "group") {
    const other = chat.participants.find((p) => !p.isCurrentUser);
    if (other) return { name: chat.name || other.name, image: other.avatarUrl ?? other.image };
  }
  return { name: chat.name, image: null };
}

export function lastActivity(chat: ChatListItem): string | null {
  return chat.lastMessageAt ?? chat.lastMessageTime ?? null;
}
