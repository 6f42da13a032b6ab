import type { ChatListItem, UnreadCounts } from "../../../contract";

/** `GET /api/group-chats` data, as cached under `CHAT_LIST_KEY`. */
export interface ChatListData {
  chats: ChatListItem[];
}

export const ZERO_UNREAD: UnreadCounts = { total: 0, agent: 0, human: 0, lastReadAt: null };

/** The time a chat last had activity: its last message, else its creation. */
export function activityTime(chat: ChatListItem): number {
  const value = chat.lastMessageAt ?? chat.lastMessageTime ?? chat.createdAt;
  const time = value ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? 0 : time;
}

/** Newest activity first, like the server orders the list; stable for equal times. */
export function sortByActivity(chats: readonly ChatListItem[]): ChatListItem[] {
  return chats
    .map((chat, index) => ({ chat, index }))
    .sort((a, b) => activityTime(b.chat) - activityTime(a.chat) || a.index - b.index)
    .map(({ chat }) => chat);
}

/** `group_add`: the chat joins the list as active with nothing unread (spec 02 §4), replacing a stale copy. */
export function withChatAdded(list: ChatListData | undefined, chat: ChatListItem): ChatListData {
  const fresh: ChatListItem = { ...chat, status: "active", unread: { ...ZERO_UNREAD } };
  const rest = (list?.chats ?? []).filter((item) => item.id !== chat.id);
  return { chats: sortByActivity([fresh, ...rest]) };
}

export function withoutChat(list: ChatListData | undefined, chatId: string): ChatListData | undefined {
  if (!list) return list;
  return { chats: list.chats.filter((item) => item.id !== chatId) };
}

export function withChatPatched(list: ChatListData | undefined, chatId: string, patch: Partial<ChatListItem>): ChatListData | undefined {
  if (!list) return list;
  return { chats: list.chats.map((item) => (item.id === chatId ? { ...item, ...patch } : item)) };
}

export interface UnreadUpdate {
  unread: UnreadCounts;
  lastMessage?: string;
  lastMessageAt?: string;
}

/** `has_unread_msg`: new counts and last message; the chat moves up to its new place. */
export function withUnread(list: ChatListData | undefined, chatId: string, update: UnreadUpdate): ChatListData | undefined {
  if (!list || !list.chats.some((item) => item.id === chatId)) return list;
  const chats = list.chats.map((item) => {
    if (item.id !== chatId) return item;
    const next: ChatListItem = { ...item, unread: update.unread };
    if (update.lastMessage !== undefined) next.lastMessage = update.lastMessage;
    if (update.lastMessageAt !== undefined) {
      next.lastMessageAt = update.lastMessageAt;
      next.lastMessageTime = update.lastMessageAt;
    }
    return next;
  });
  return { chats: sortByActivity(chats) };
}
