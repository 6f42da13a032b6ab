import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import type { ChatListItem } from "../../../contract";
import { useLang } from "../../i18n/useLang";
import { Avatar } from "../../ui/Avatar";
import { countBadge } from "../../ui/countBadge";
import { relativeTime } from "../../ui/format";
import { chatAvatar, lastActivity } from "./chatDisplay";

interface ChatRowProps {
  chat: ChatListItem;
  selected: boolean;
  /** The one row Tab lands on (roving focus): the selected chat, else the first. */
  focusable: boolean;
  onSelect: (chat: ChatListItem) => void;
}

/** One row of the chat list: avatar, name, owner, last message, time and unread badge. */
export const ChatRow = forwardRef<HTMLButtonElement, ChatRowProps>(function ChatRow({ chat, selected, focusable, onSelect }, ref) {
  const { t } = useTranslation();
  const lang = useLang();
  const face = chatAvatar(chat);
  const when = lastActivity(chat);
  const time = when ? relativeTime(when, lang) || "--:--" : "--:--";
  const badge = countBadge(chat.unread?.total ?? 0);
  const isGroup = chat.is_group || chat.type === "group";
  return (
    <li className="chat-list__item">
      <button
        ref={ref}
        type="button"
        className={`chat-row${selected ? " chat-row--selected" : ""}${badge ? " chat-row--unread" : ""}`}
        data-testid={`chat-row-${chat.id}`}
        data-selected={selected ? "true" : "false"}
        aria-current={selected ? "true" : undefined}
        tabIndex={focusable ? 0 : -1}
        onClick={() => onSelect(chat)}
      >
        <Avatar name={face.name} image={face.image} size={36} shape={isGroup ? "square" : "circle"} />
        <span className="chat-row__body">
          <span className="chat-row__top">
            <span className="chat-row__name">{chat.name || face.name}</span>
            <time className="chat-row__time" dateTime={when ?? undefined}>
              {time}
            </time>
          </span>
          {isGroup && chat.chatOwnerName && <span className="chat-row__owner">{t("chatList.ownedBy", { name: chat.chatOwnerName })}</span>}
          <span className="chat-row__bottom">
            <span className="chat-row__last">{chat.lastMessage?.trim() || t("chatList.noMessages")}</span>
            {badge && (
              <span className="unread-badge" aria-label={t("chatList.unreadCount", { count: chat.unread.total })}>
                {badge}
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
});
