import { useTranslation } from "react-i18next";
import { excerpt, folderOf, type SearchGroups, type SearchItem } from "./searchModel";
import { FileTypeIcon } from "../../../ui/FileTypeIcon";

interface SearchResultsProps {
  id: string;
  groups: SearchGroups;
  active: number;
  optionId: (index: number) => string;
  /** A newer search is running: these results answer an older query. */
  stale: boolean;
  onHover: (index: number) => void;
  onOpen: (item: SearchItem) => void;
}

const GROUPS = ["files", "symbols", "content"] as const;

/** Results in the spec's groups, each titled with its count (spec 02 §2.9); one listbox for the keyboard. */
export function SearchResults({ id, groups, active, optionId, stale, onHover, onOpen }: SearchResultsProps) {
  const { t } = useTranslation();
  let index = 0;
  return (
    <div
      id={id}
      role="listbox"
      aria-label={t("workspace.search.results")}
      className="pss__results"
      data-stale={stale || undefined}
      data-testid="project-search-results"
    >
      {GROUPS.map((group) => {
        const items: SearchItem[] = groups[group];
        if (items.length === 0) return null;
        const headingId = `${id}-${group}`;
        return (
          <div key={group} role="group" aria-labelledby={headingId} className="pss__section" data-testid={`project-search-group-${group}`}>
            <div id={headingId} className="pss__heading">
              {t("workspace.search.group", { name: t(`workspace.search.${group}`), count: items.length })}
            </div>
            {items.map((item) => {
              const at = index++;
              return (
                <div
                  key={item.key}
                  id={optionId(at)}
                  role="option"
                  aria-selected={at === active}
                  className="pss__item"
                  onMouseMove={() => at !== active && onHover(at)}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => onOpen(item)}
                  data-testid="project-search-item"
                  data-kind={item.kind}
                >
                  <ResultBody item={item} />
                </div>
              );
            })}
          </div>
        );
      })}
    </div>
  );
}

function ResultBody({ item }: { item: SearchItem }) {
  const { t } = useTranslation();
  if (item.kind === "file") {
    const folder = folderOf(item.path);
    return (
      <>
        <span className="pss__icon" aria-hidden>
          <FileTypeIcon fileName={item.path} size={14} />
        </span>
        <span className="pss__main">{item.name}</span>
        {folder && <span className="pss__where">{folder}</span>}
      </>
    );
  }
  const where = t("workspace.search.atLine", { path: item.path, line: item.line });
  if (item.kind === "symbol") {
    return (
      <span className="pss__stack">
        <span className="pss__row">
          <span className="pss__main pss__symbol">{item.name}</span>
          <span className="pss__where">{where}</span>
        </span>
        <code className="pss__code">{item.preview}</code>
      </span>
    );
  }
  const part = excerpt(item.text, item.column, item.length);
  return (
    <span className="pss__stack">
      <span className="pss__where">{where}</span>
      <code className="pss__code">
        {part.before}
        {part.match && <mark>{part.match}</mark>}
        {part.after}
      </code>
    </span>
  );
}
