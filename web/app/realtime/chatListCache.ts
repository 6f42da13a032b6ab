import { mutate } from "swr";
import type { ChatListItem, UnreadCounts } from "../../../contract";
import { api } from "../api/client";
import { withChatAdded, withChatPatched, withoutChat, withUnread, type ChatListData, type UnreadUpdate } from "./chatListUpdates";

/**
 * The chat list and the per-chat keys live here, not in a feature, because the inbox socket, the
 * sidebar, the group dialogs and the chat area all read or correct the same cache entries.
 */
export const CHAT_LIST_KEY = "/api/group-chats";
export const chatKey = (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}`;
export const participantsKey = (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/participants`;

const noRevalidate = { revalidate: false } as const;

export function addChatToList(chat: ChatListItem): Promise<unknown> {
  return mutate<ChatListData>(CHAT_LIST_KEY, (list) => withChatAdded(list, chat), noRevalidate);
}

export function removeChatFromList(chatId: string): Promise<unknown> {
  return mutate<ChatListData>(CHAT_LIST_KEY, (list) => withoutChat(list, chatId), noRevalidate);
}

export function patchChatInList(chatId: string, patch: Partial<ChatListItem>): Promise<unknown> {
  return mutate<ChatListData>(CHAT_LIST_KEY, (list) => withChatPatched(list, chatId, patch), noRevalidate);
}

export function setChatUnread(chatId: string, update: UnreadUpdate): Promise<unknown> {
  return mutate<ChatListData>(CHAT_LIST_KEY, (list) => withUnread(list, chatId, update), noRevalidate);
}

export function revalidateChatList(): Promise<unknown> {
  return mutate(CHAT_LIST_KEY);
}

/** Membership or name changed: reload the chat, its participants and the list row. */
export function revalidateChat(chatId: string): Promise<unknown> {
  return Promise.all([mutate(chatKey(chatId)), mutate(participantsKey(chatId)), mutate(CHAT_LIST_KEY)]);
}

/** The chat's cached list row, if the list is loaded. */
export function cachedChat(list: ChatListData | undefined, chatId: string): ChatListItem | undefined {
  return list?.chats.find((chat) => chat.id === chatId);
}

/**
 * Marks a chat read (`is_agent_msg` 1 clears the agent stream, 0 the human one) and stores the
 * counts the server answers with. Failures are quiet: the badge simply stays until the next read.
 */
export async function markChatRead(chatId: string, streams: readonly (0 | 1)[] = [1, 0]): Promise<UnreadCounts | null> {
  let latest: UnreadCounts | null = null;
  for (const is_agent_msg of streams) {
    try {
      const data = await api.post<{ unread: UnreadCounts }>("/api/unread-messages/mark-read", { chatId, is_agent_msg }, { silent: true });
      latest = data.unread;
    } catch {
      return latest;
    }
  }
  if (latest) await setChatUnread(chatId, { unread: latest });
  return latest;
}

/** Which streams need a mark-read call for the counts given (at least one, so the server hears of the visit). */
export function streamsToMark(unread: UnreadCounts | undefined): (0 | 1)[] {
  if (!unread) return [1];
  const streams: (0 | 1)[] = [];
  if (unread.agent > 0 || unread.total > unread.human) streams.push(1);
  if (unread.human > 0) streams.push(0);
  return streams.length ? streams : [1];
}

/**
 * The stream opening a chat reads. Chats with the agent / discussion tabs (spec 02 §2.6) open on
 * the agent tab and keep the discussion count for that tab's badge; other chats have one stream
 * of people's messages.
 */
export function streamOnOpen(chat: Pick<ChatListItem, "chatType">): 0 | 1 {
  return chat.chatType === "single_group" || chat.chatType === "virtual_employee" ? 1 : 0;
}

/** Counts after reading some streams, for the badge to clear before the server answers. */
export function withStreamsRead(unread: UnreadCounts, streams: readonly (0 | 1)[]): UnreadCounts {
  const agent = streams.includes(1) ? 0 : unread.agent;
  const human = streams.includes(0) ? 0 : unread.human;
  return { total: agent + human, agent, human, lastReadAt: new Date().toISOString() };
}

/** The streams a `has_unread_msg` added to, comparing the new counts with the cached ones. */
export function streamsThatGrew(before: UnreadCounts | undefined, after: UnreadCounts): (0 | 1)[] {
  const streams: (0 | 1)[] = [];
  if (after.agent > (before?.agent ?? 0)) streams.push(1);
  if (after.human > (before?.human ?? 0)) streams.push(0);
  return streams.length ? streams : streamsToMark(after);
}
