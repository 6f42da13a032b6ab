import { useRef, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { SearchAnswer, SearchType } from "../../../contract";

interface SearchTabsProps {
  tab: SearchType;
  onTab: (tab: SearchType) => void;
  /** Counts show once there is an answer. */
  answer: SearchAnswer | null;
  types: readonly SearchType[];
}

/** All / Messages / Contacts / Groups with their counts; arrow keys move between them. */
export function SearchTabs({ tab, onTab, answer, types }: SearchTabsProps) {
  const { t } = useTranslation();
  const refs = useRef(new Map<SearchType, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = types.indexOf(tab);
    let next = -1;
    if (event.key === "ArrowRight") next = (index + 1) % types.length;
    else if (event.key === "ArrowLeft") next = (index - 1 + types.length) % types.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = types.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const type = types[next]!;
    onTab(type);
    refs.current.get(type)?.focus();
  };
  return (
    <div className="search-tabs" role="tablist" aria-label={t("search.tabsLabel")} onKeyDown={onKeyDown}>
      {types.map((type) => {
        const count = answer ? answer[type].length : null;
        // More messages wait behind the cursor: the count is a lower bound.
        const more = answer !== null && answer.nextCursor !== null && (type === "messages" || type === "all");
        return (
          <button
            key={type}
            ref={(el) => {
              if (el) refs.current.set(type, el);
              else refs.current.delete(type);
            }}
            type="button"
            role="tab"
            aria-selected={tab === type}
            tabIndex={tab === type ? 0 : -1}
            className="search-tabs__tab"
            data-testid={`search-tab-${type}`}
            onClick={() => onTab(type)}
          >
            {t(`search.tabs.${type}`)}
            {count !== null && (
              <span className="search-tabs__count" data-testid={`search-tab-count-${type}`}>
                <span aria-hidden>{more ? `${count}+` : count}</span>
                <span className="sr-only">{more ? t("search.tabCountMore", { count }) : t("search.tabCount", { count })}</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
