import { useTranslation } from "react-i18next";

interface SearchHistoryProps {
  history: readonly string[];
  onPick: (query: string) => void;
  onClear: () => void;
}

/** The recent searches as chips (newest first) and a button that forgets them. */
export function SearchHistory({ history, onPick, onClear }: SearchHistoryProps) {
  const { t } = useTranslation();
  if (history.length === 0) return null;
  return (
    <section className="search-history" aria-labelledby="search-history-title" data-testid="search-history">
      <div className="search-history__head">
        <h2 id="search-history-title" className="search-history__title">
          {t("search.historyTitle")}
        </h2>
        <button type="button" className="search-history__clear" onClick={onClear} aria-label={t("search.clearHistoryLabel")} data-testid="search-history-clear">
          {t("search.clearHistory")}
        </button>
      </div>
      <ul className="search-history__chips">
        {history.map((query) => (
          <li key={query}>
            <button
              type="button"
              className="search-chip"
              onClick={() => onPick(query)}
              aria-label={t("search.historyItem", { query })}
              data-testid="search-history-chip"
            >
              {query}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
