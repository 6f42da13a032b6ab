import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatListItem } from "../../../contract";
import { Avatar } from "../../ui/Avatar";
import { countBadge } from "../../ui/countBadge";
import { chatAvatar } from "./chatDisplay";
import { collapsedLayout } from "./chatFilters";

/** One avatar button: 36 px plus 8 px gap. Kept in step with `.chat-mini__item` in chat-list.css. */
const SLOT_PX = 44;

interface CollapsedChatListProps {
  chats: ChatListItem[];
  selectedId: string | null;
  onSelect: (chat: ChatListItem) => void;
  onExpand: () => void;
}

/** The 60 px sidebar: chat avatars only, as many as fit (at least 3), then a '+N' button. */
export function CollapsedChatList({ chats, selectedId, onSelect, onExpand }: CollapsedChatListProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLUListElement>(null);
  const [height, setHeight] = useState(Number.POSITIVE_INFINITY);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setHeight(element.clientHeight);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { visible, overflow } = collapsedLayout(chats.length, height, SLOT_PX);
  return (
    <ul className="chat-mini" ref={ref} aria-label={t("chatList.title")} data-testid="chat-list" data-collapsed="true">
      {chats.slice(0, visible).map((chat) => {
        const face = chatAvatar(chat);
        const badge = countBadge(chat.unread?.total ?? 0);
        const selected = chat.id === selectedId;
        return (
          <li key={chat.id} className="chat-mini__item">
            <button
              type="button"
              className={`chat-mini__button${selected ? " chat-mini__button--selected" : ""}`}
              data-testid={`chat-row-${chat.id}`}
              data-selected={selected ? "true" : "false"}
              aria-current={selected ? "true" : undefined}
              aria-label={badge ? `${chat.name} · ${t("chatList.unreadCount", { count: chat.unread.total })}` : chat.name}
              title={chat.name}
              onClick={() => onSelect(chat)}
            >
              <Avatar name={face.name} image={face.image} size={36} shape={chat.is_group ? "square" : "circle"} />
              {badge && <span className="chat-mini__dot" aria-hidden />}
            </button>
          </li>
        );
      })}
      {overflow > 0 && (
        <li className="chat-mini__item">
          <button
            type="button"
            className="chat-mini__more"
            onClick={onExpand}
            aria-label={t("chatList.showMore", { count: overflow })}
            data-testid="chat-list-more"
          >
            +{overflow}
          </button>
        </li>
      )}
    </ul>
  );
}
