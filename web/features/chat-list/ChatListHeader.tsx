import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon, SearchIcon } from "../../ui/icons";

interface ChatListHeaderProps {
  query: string;
  onQueryChange: (query: string) => void;
  onNewGroup: () => void;
  onNewChat: () => void;
}

/** Title, the two "start something" buttons and the search box with its clear button. */
export function ChatListHeader({ query, onQueryChange, onNewGroup, onNewChat }: ChatListHeaderProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const clear = () => {
    onQueryChange("");
    input.current?.focus();
  };
  return (
    <div className="chat-list__header">
      <div className="chat-list__title-row">
        <h2 id="chat-list-title" className="sidebar__section-title">
          {t("chatList.title")}
        </h2>
        <div className="chat-list__actions">
          <button type="button" className="chat-list__action" onClick={onNewGroup} data-testid="new-group-button">
            {t("chatList.newGroup")}
          </button>
          <button type="button" className="chat-list__action" onClick={onNewChat} data-testid="new-chat-button">
            {t("chatList.newChat")}
          </button>
        </div>
      </div>
      <div className="search-box">
        <SearchIcon className="search-box__icon" size={14} />
        <input
          ref={input}
          type="search"
          className="search-box__input"
          placeholder={t("chatList.search")}
          aria-label={t("chatList.searchLabel")}
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape" && query) {
              event.preventDefault();
              clear();
            }
          }}
          data-testid="chat-search"
        />
        {query && (
          <button type="button" className="search-box__clear" onClick={clear} aria-label={t("chatList.clearSearch")} data-testid="chat-search-clear">
            <CloseIcon size={14} />
          </button>
        )}
      </div>
    </div>
  );
}
