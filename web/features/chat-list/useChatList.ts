import useSWR from "swr";
import type { ChatListItem } from "../../../contract";
import { silentFetcher } from "../../app/api/swr";
import { CHAT_LIST_KEY } from "../../app/realtime/chatListCache";
import type { ChatListData } from "../../app/realtime/chatListUpdates";

const EMPTY: ChatListItem[] = [];

/** Every chat of mine in the current organization; the sidebar shows its own error line with Retry. */
export function useChatList(enabled = true) {
  const { data, error, isLoading, mutate } = useSWR<ChatListData>(enabled ? CHAT_LIST_KEY : null, silentFetcher);
  return {
    chats: data?.chats ?? EMPTY,
    loaded: data !== undefined,
    loading: isLoading,
    failed: Boolean(error) && !data,
    retry: () => mutate(),
  };
}
