import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import type { ChatListItem } from "../../../../contract";
import { silentFetcher } from "../../../app/api/swr";
import { CHAT_LIST_KEY } from "../../../app/realtime/chatListCache";
import type { ChatListData } from "../../../app/realtime/chatListUpdates";
import { selectChat } from "../../../app/session/selection";
import { CountBadge, countBadge } from "../../../ui/countBadge";
import { BellIcon } from "../../../ui/icons";

const unreadOf = (chat: ChatListItem) => chat.unread?.total ?? 0;

/**
 * The bell: unread messages in the user's other chats, read from the chat list the inbox socket
 * keeps current. The badge caps at 99 (spec 03 §9); the menu jumps to a chat.
 */
export function NotificationsBell({ currentChatId }: { currentChatId: string }) {
  const { t } = useTranslation();
  const { data } = useSWR<ChatListData>(CHAT_LIST_KEY, silentFetcher);
  const unreadChats = (data?.chats ?? []).filter((chat) => chat.id !== currentChatId && unreadOf(chat) > 0);
  const total = unreadChats.reduce((sum, chat) => sum + unreadOf(chat), 0);
  const badge = countBadge(total);
  const label = badge ? t("workspace.toolbar.notificationsCount", { count: total }) : t("workspace.toolbar.notifications");

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="ws-tool ws-bell" aria-label={label} title={label} data-testid="notifications-bell">
        <BellIcon size={16} />
        <CountBadge count={total} testId="notifications-badge" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6} data-testid="notifications-menu">
          <DropdownMenu.Label className="menu__label">{t("workspace.toolbar.notifications")}</DropdownMenu.Label>
          {unreadChats.length === 0 && <div className="menu__state">{t("workspace.toolbar.noNotifications")}</div>}
          <div className="menu__scroll">
            {unreadChats.map((chat) => (
              <DropdownMenu.Item
                key={chat.id}
                className="menu__item"
                onSelect={() => selectChat(chat.id, chat.project_id)}
                data-testid={`notification-chat-${chat.id}`}
              >
                <span className="menu__item-text">{chat.name}</span>
                <span className="ws-count">{countBadge(unreadOf(chat))}</span>
              </DropdownMenu.Item>
            ))}
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
