import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import type { ChatFilter } from "./chatFilters";

interface ChatListEmptyProps {
  query: string;
  filter: ChatFilter;
  /** How many chats exist before filtering and search. */
  total: number;
  onInviteFriend: () => void;
}

/** Why the list is empty: the search found nothing, there are no human chats, or no chats at all. */
export function ChatListEmpty({ query, filter, total, onInviteFriend }: ChatListEmptyProps) {
  const { t } = useTranslation();
  if (query.trim()) {
    return (
      <div className="empty-state chat-list__empty" data-testid="chat-list-empty" data-reason="search" role="status">
        <p className="empty-state__title">
          {t("chatList.noResultsFor")} <q>{query.trim()}</q>
        </p>
      </div>
    );
  }
  if (filter === "human") {
    return (
      <div className="empty-state chat-list__empty" data-testid="chat-list-empty" data-reason="human">
        <p className="empty-state__title">{t("chatList.noHumanChats")}</p>
        <p className="empty-state__body">{t("chatList.noHumanChatsBody")}</p>
        <Button size="sm" variant="secondary" onClick={onInviteFriend} data-testid="invite-friend-button">
          {t("chatList.inviteFriend")}
        </Button>
      </div>
    );
  }
  return (
    <div className="empty-state chat-list__empty" data-testid="chat-list-empty" data-reason={total ? "filter" : "none"}>
      <p className="empty-state__title">{t("chatList.noChats")}</p>
      {!total && <p className="empty-state__body">{t("chatList.noChatsBody")}</p>}
    </div>
  );
}
