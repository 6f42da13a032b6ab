import type { TFunction } from "i18next";
import { toast } from "../../ui/toast";
import type { InboxFrame } from "../../../contract";
import { receiveMention } from "../../features/mentions/mentionAlerts";
import { refreshOrganizations } from "../../features/organizations/useOrganizations";
import { clearSelection, getSelection, selectChat } from "../session/selection";
import {
  addChatToList,
  cachedChat,
  markChatRead,
  patchChatInList,
  removeChatFromList,
  revalidateChat,
  revalidateChatList,
  setChatUnread,
  streamsThatGrew,
} from "./chatListCache";
import type { ChatListData } from "./chatListUpdates";
import { groupGoneToastId } from "./toastIds";

/** What an inbox frame needs from the page around it. */
export interface InboxFrameScope {
  t: TFunction;
  /** The chat list as cached now, if loaded. */
  chatList: () => ChatListData | undefined;
  /** Leaves a chat that went away for the home page. */
  goHome: () => void;
}

/** What the app does with each inbox frame (spec 02 §4 "Group membership events"). */
export function applyInboxFrame(frame: InboxFrame, { t, chatList, goHome }: InboxFrameScope): void {
  switch (frame.type) {
    case "group_add":
      void addChatToList(frame.chat);
      return;
    case "group_remove": {
      void removeChatFromList(frame.chatId);
      if (getSelection().chatId !== frame.chatId) return;
      clearSelection();
      const text = { removed: t("inbox.removed"), dissolved: t("inbox.dissolved"), left: t("inbox.left") }[frame.reason];
      toast.info(text, { id: groupGoneToastId(frame.chatId) });
      goHome();
      return;
    }
    case "member_add":
    case "member_remove":
      void revalidateChat(frame.chatId);
      return;
    case "chat_updated":
      if (frame.name) void patchChatInList(frame.chatId, { name: frame.name });
      void revalidateChat(frame.chatId);
      return;
    case "has_unread_msg": {
      const row = cachedChat(chatList(), frame.chatId);
      if (!row) {
        void revalidateChatList();
        return;
      }
      // The open chat is being read as messages arrive: keep its badge clear and tell the server.
      const open = getSelection().chatId === frame.chatId;
      void setChatUnread(frame.chatId, { unread: open ? row.unread : frame.unread, lastMessage: frame.lastMessage, lastMessageAt: frame.lastMessageAt });
      if (open) void markChatRead(frame.chatId, streamsThatGrew(row.unread, frame.unread));
      return;
    }
    case "refresh_organizations":
      void refreshOrganizations();
      return;
    case "presenter_request": {
      // The owner sees the card in the chat itself; elsewhere this system notification points there.
      if (getSelection().chatId === frame.request.chatId) return;
      const { requesterName: name, targetPresenterName: target, action } = frame.request;
      const text =
        action === "transfer_presenter"
          ? t("inbox.transferRequest", { name, target, chat: frame.chatName })
          : t("inbox.presenterRequest", { name, chat: frame.chatName });
      toast.info(text, { duration: 10_000, action: { label: t("inbox.openChat"), onClick: () => selectChat(frame.request.chatId) } });
      return;
    }
    case "mention":
      receiveMention(frame.mention, t);
      return;
    case "pong":
      return;
  }
}
