import { forwardRef, useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../ui/Spinner";
import { SearchResults } from "./SearchResults";
import { flatten, moveActive, resultCount, SCOPES, type SearchItem, type SearchOptions } from "./searchModel";
import type { ProjectSearchState } from "./useProjectSearch";

type Flag = "caseSensitive" | "wholeWord" | "regex" | "includeHidden";
/** The option toggles, with the short glyph each shows (the full name is its label). */
const FLAGS: { flag: Flag; glyph: string }[] = [
  { flag: "caseSensitive", glyph: "Aa" },
  { flag: "wholeWord", glyph: "ab" },
  { flag: "regex", glyph: ".*" },
  { flag: "includeHidden", glyph: ".x" },
];

interface ProjectSearchPanelProps {
  search: ProjectSearchState;
  onOpen: (item: SearchItem) => void;
}

/** The search box, its scope and option toggles, and the grouped results with keyboard navigation. */
export const ProjectSearchPanel = forwardRef<HTMLInputElement, ProjectSearchPanelProps>(function ProjectSearchPanel({ search, onOpen }, ref) {
  const { t } = useTranslation();
  const listId = useId();
  const { options, groups, phase } = search;
  const items = useMemo(() => flatten(groups), [groups]);
  const [active, setActive] = useState(-1);
  const optionId = (index: number) => `${listId}-option-${index}`;

  // New results: the first one is ready for Enter.
  useEffect(() => setActive(items.length > 0 ? 0 : -1), [items]);
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: "nearest" });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((current) => moveActive(current, event.key === "ArrowDown" ? 1 : -1, items.length));
    } else if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      const item = items[active];
      if (item) onOpen(item);
    }
  };

  const toggle = (change: (o: SearchOptions) => SearchOptions) => search.setOptions(change);
  const count = resultCount(groups);
  const failure = search.failure;
  const failureText =
    failure?.kind === "invalidRegex"
      ? t("workspace.search.failed", { message: t("workspace.search.invalidRegex") })
      : failure
        ? failure.message
          ? t("workspace.search.failed", { message: failure.message })
          : t("workspace.search.failedUnknown")
        : null;

  return (
    <div className="pss">
      <div className="pss__field">
        <input
          ref={ref}
          type="text"
          role="combobox"
          className="field__input pss__input"
          placeholder={t("workspace.search.placeholder")}
          aria-label={t("workspace.search.field")}
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 && items[active] ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          value={search.query}
          onChange={(event) => search.setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          data-testid="project-search-input"
        />
        {phase === "loading" && <Spinner size={14} label={t("workspace.search.searching")} />}
      </div>
      <div className="pss__toggles">
        <div className="pss__group" role="group" aria-label={t("workspace.search.scopes")}>
          {SCOPES.map((scope) => (
            <button
              key={scope}
              type="button"
              className="pss__toggle"
              aria-pressed={options.scopes[scope]}
              onClick={() => toggle((o) => ({ ...o, scopes: { ...o.scopes, [scope]: !o.scopes[scope] } }))}
              data-testid={`project-search-scope-${scope}`}
            >
              {t(`workspace.search.${scope}`)}
            </button>
          ))}
        </div>
        <div className="pss__group" role="group" aria-label={t("workspace.search.options")}>
          {FLAGS.map(({ flag, glyph }) => (
            <button
              key={flag}
              type="button"
              className="pss__toggle pss__toggle--glyph"
              aria-pressed={options[flag]}
              aria-label={t(`workspace.search.${flag}`)}
              title={t(`workspace.search.${flag}`)}
              onClick={() => toggle((o) => ({ ...o, [flag]: !o[flag] }))}
              data-testid={`project-search-${flag}`}
            >
              <span aria-hidden>{glyph}</span>
            </button>
          ))}
        </div>
      </div>
      <div className="pss__status" aria-live="polite">
        {phase === "short" && <p className="muted pss__note">{t("workspace.search.minChars")}</p>}
        {phase === "noScope" && <p className="muted pss__note">{t("workspace.search.noScope")}</p>}
        {phase === "loading" && count === 0 && <p className="muted pss__note">{t("workspace.search.searching")}</p>}
        {phase === "done" && count === 0 && !failure && (
          <p className="empty-state pss__note" data-testid="project-search-empty">
            {t("workspace.search.noResults", { query: search.searched })}
          </p>
        )}
      </div>
      {failureText && (
        <p className="inline-error pss__note" role="alert" data-testid="project-search-error">
          {failureText}
        </p>
      )}
      {search.partial && (
        <p className="muted pss__note" data-testid="project-search-partial">
          {t("workspace.search.partial")}
        </p>
      )}
      <SearchResults id={listId} groups={groups} active={active} optionId={optionId} stale={phase === "loading"} onHover={setActive} onOpen={onOpen} />
      <p className="muted pss__hint" aria-hidden>
        {t("workspace.search.hint")}
      </p>
    </div>
  );
});
