import useSWR from "swr";
import type { ChatListItem } from "../../../../contract";
import { chatKey } from "../../../app/realtime/chatListCache";
import { silentFetcher } from "../../../app/api/swr";

/** `GET /api/chats/{chatId}`, under the key the inbox and the group dialogs also refresh. */
export function useChat(chatId: string) {
  return useSWR<ChatListItem>(chatKey(chatId), silentFetcher);
}
