import { useTranslation } from "react-i18next";
import { CHAT_FILTERS, type ChatFilter, type UnreadSummary } from "./chatFilters";

interface ChatFilterTabsProps {
  value: ChatFilter;
  onChange: (filter: ChatFilter) => void;
  unread: UnreadSummary;
}

/** All / Agent / Human, each with a dot while it has unread messages. */
export function ChatFilterTabs({ value, onChange, unread }: ChatFilterTabsProps) {
  const { t } = useTranslation();
  return (
    <div className="chat-filters" role="group" aria-label={t("chatList.filtersLabel")}>
      {CHAT_FILTERS.map((filter) => (
        <button
          key={filter}
          type="button"
          className="chat-filters__tab"
          aria-pressed={value === filter}
          data-testid={`chat-filter-${filter}`}
          data-unread={unread[filter] > 0 ? "true" : undefined}
          onClick={() => onChange(filter)}
        >
          {t(`chatList.filters.${filter}`)}
          {unread[filter] > 0 && (
            <>
              <span className="chat-filters__dot" aria-hidden />
              <span className="sr-only">{t("chatList.hasUnread")}</span>
            </>
          )}
        </button>
      ))}
    </div>
  );
}
