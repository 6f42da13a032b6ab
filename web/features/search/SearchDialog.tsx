import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import { getSelection } from "../../app/session/selection";
import { SEARCH_TYPES, type SearchResult, type SearchType } from "../../../contract";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { openSearchResult } from "./openResult";
import { ResultRow } from "./ResultRow";
import { resultsOf } from "./searchApi";
import { SearchHistory } from "./SearchHistory";
import { SearchTabs } from "./SearchTabs";
import { useSearch } from "./useSearch";
import "./search.css";
import { CloseIcon } from "../../ui/icons";

interface SearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationId: string | null;
  /** After a chat was chosen; `changed` is false when it was the chat already open (another screen may be in front of it). */
  onOpened?: (changed: boolean) => void;
}

/** The global search dialog (spec 01 §2 "Global search dialog"): full screen on phones. */
export function SearchDialog({ open, onOpenChange, organizationId, onOpened }: SearchDialogProps) {
  const { t } = useTranslation();
  const search = useSearch();
  const [tab, setTab] = useState<SearchType>("all");
  const [active, setActive] = useState(-1);
  const [opening, setOpening] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const { status, answer } = search;
  const showList = (status === "results" || status === "typed") && answer !== null;
  const results = showList ? resultsOf(answer, tab) : [];

  // A new answer or another tab starts the keyboard cursor over.
  useEffect(() => setActive(-1), [answer, tab]);
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: "nearest" });
    // optionId only depends on listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const changeOpen = (next: boolean) => {
    if (!next) {
      search.reset();
      setTab("all");
    }
    onOpenChange(next);
  };

  const choose = async (result: SearchResult) => {
    if (opening) return;
    setOpening(true);
    const before = getSelection().chatId;
    try {
      const opened = await openSearchResult(result, organizationId);
      if (opened.existingChatName) toast.info(t("search.openedExisting", { name: opened.existingChatName }));
      changeOpen(false);
      onOpened?.(getSelection().chatId !== before);
    } catch {
      toast.error(t("search.openFailed"));
    } finally {
      setOpening(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (results.length === 0) return;
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current < 0 && step < 0 ? results.length - 1 : (current + step + results.length) % results.length));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = active >= 0 ? results[active] : undefined;
      if (chosen) void choose(chosen);
      else search.submit();
    }
  };

  const sortable = showList && (tab === "all" || tab === "messages") && answer.messages.length > 0;

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content
          className="search-dialog"
          data-testid="search-dialog"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            input.current?.focus();
          }}
        >
          <header className="search-dialog__header">
            <Dialog.Title className="sr-only">{t("search.title")}</Dialog.Title>
            <input
              ref={input}
              type="search"
              className="field__input search-dialog__input"
              placeholder={t("search.placeholder")}
              aria-label={t("search.fieldLabel")}
              role="combobox"
              aria-expanded={showList && results.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={active >= 0 ? optionId(active) : undefined}
              enterKeyHint="search"
              value={search.input}
              onChange={(event) => {
                setActive(-1);
                search.setInput(event.target.value);
              }}
              onKeyDown={onKeyDown}
              data-testid="search-input"
            />
            <Dialog.Close className="icon-btn" aria-label={t("common.close")} data-testid="search-close">
              <CloseIcon />
            </Dialog.Close>
          </header>
          <div className="search-dialog__bar">
            <SearchTabs tab={tab} onTab={setTab} answer={showList ? answer : null} types={SEARCH_TYPES} />
            {sortable && (
              <div className="search-sort" role="group" aria-label={t("search.sortLabel")}>
                {(["newest", "best"] as const).map((sort) => (
                  <button
                    key={sort}
                    type="button"
                    className="search-sort__option"
                    aria-pressed={search.sort === sort}
                    onClick={() => search.setSort(sort)}
                    data-testid={`search-sort-${sort}`}
                  >
                    {t(`search.sort.${sort}`)}
                  </button>
                ))}
              </div>
            )}
          </div>
          <div className="search-dialog__body" aria-busy={status === "loading" || opening || undefined}>
            {status === "empty" && (
              <>
                <SearchHistory history={search.history} onPick={search.searchFor} onClear={search.clearHistory} />
                <p className="muted search-dialog__hint" data-testid="search-hint">
                  {t("search.emptyHint")}
                </p>
              </>
            )}
            {status === "typed" && (
              <p className="muted search-dialog__hint" role="status" data-testid="search-hint">
                {t("search.typedHint")}
              </p>
            )}
            {status === "loading" && (
              <p className="muted search-dialog__hint" role="status" data-testid="search-loading">
                <Spinner size={14} /> {t("search.loading")}
              </p>
            )}
            {status === "error" && (
              <div className="inline-error" role="alert" data-testid="search-error">
                {t("search.failed")}{" "}
                <Button size="sm" variant="secondary" onClick={search.retry} data-testid="search-retry">
                  {t("common.retry")}
                </Button>
              </div>
            )}
            {(status === "none" || (status === "results" && results.length === 0)) && (
              <p className="search-dialog__none" role="status" data-testid="search-no-results">
                {t("search.noResults")}
              </p>
            )}
            <ul id={listId} role="listbox" aria-label={t("search.resultsLabel")} className="search-results" data-testid="search-results">
              {results.map((result, index) => (
                <ResultRow
                  key={`${result.type}:${result.id}`}
                  id={optionId(index)}
                  result={result}
                  active={index === active}
                  showType={tab === "all"}
                  onOpen={() => void choose(result)}
                  onHover={() => setActive(index)}
                />
              ))}
            </ul>
            {showList && tab === "messages" && answer.nextCursor && (
              <div className="search-dialog__more">
                {search.more.failed && (
                  <span className="inline-error" role="alert">
                    {t("search.loadMoreFailed")}
                  </span>
                )}
                <Button size="sm" variant="secondary" busy={search.more.loading} onClick={() => void search.loadMore()} data-testid="search-load-more">
                  {search.more.failed ? t("common.retry") : t("search.loadMore")}
                </Button>
              </div>
            )}
          </div>
          <p className="search-dialog__keys muted" aria-hidden>
            {t("search.keyboardHint")}
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
