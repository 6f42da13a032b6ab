import type { SearchResult } from "../../../contract";
import { api } from "../../app/api/client";
import { revalidateChatList } from "../../app/realtime/chatListCache";
import { jumpToMessage, openChat } from "../../app/session/jump";

export interface Opened {
  /** Set when a contact's private chat already existed (spec 01 §4 "Starting a chat with a member"). */
  existingChatName: string | null;
}

/**
 * What choosing a hit does: a message opens its chat on its tab at that message; a group or
 * private chat opens the chat; a contact opens the private chat with them, starting it if needed.
 */
export async function openSearchResult(result: SearchResult, organizationId: string | null): Promise<Opened> {
  if (result.type === "message") {
    if (!result.chatId) throw new Error("message without chat");
    jumpToMessage({ chatId: result.chatId, messageId: result.id, chatType: result.metadata.chatType ?? 0 });
    return { existingChatName: null };
  }
  if (result.type === "group" || result.type === "private_chat") {
    openChat(result.chatId ?? result.id);
    return { existingChatName: null };
  }
  if (result.chatId) {
    openChat(result.chatId);
    return { existingChatName: null };
  }
  const started = await api.post<{ chatId: string; existing?: boolean; name?: string }>(
    "/api/private-chats",
    {
      participantId: result.id,
      participantType: result.metadata.contactType === "virtual_employee" ? "virtual_employee" : "user",
      ...(organizationId ? { organizationId } : {}),
    },
    { silent: true },
  );
  await revalidateChatList();
  openChat(started.chatId);
  return { existingChatName: started.existing ? started.name || result.name : null };
}
