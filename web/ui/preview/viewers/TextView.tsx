import { ChevronLeftIcon, ChevronRightIcon } from "../../icons";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { splitLines, textPage } from "../kinds";

/** Text and source code, 500 lines a page with 'Lines x - y' (spec 02 §2.15, §9). React escapes every line. */
export function TextView({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const lines = useMemo(() => splitLines(text), [text]);
  const [page, setPage] = useState(1);
  const view = textPage(lines, page);
  return (
    <div className="fpv-text">
      {view.pages > 1 && (
        <nav className="fpv-toolbar fpv-pager" aria-label={t("preview.text.pages")}>
          <button
            type="button"
            className="icon-btn"
            onClick={() => setPage(view.page - 1)}
            disabled={view.page <= 1}
            aria-label={t("preview.text.previous")}
            title={t("preview.text.previous")}
            data-testid="text-page-previous"
          >
            <ChevronLeftIcon size={16} aria-hidden />
          </button>
          <span className="fpv-toolbar__value" aria-live="polite" aria-label={t("preview.text.page", { page: view.page, pages: view.pages })}>
            <span data-testid="text-lines">{t("preview.text.lines", { from: view.from, to: view.to })}</span>{" "}
            <span className="muted">{t("preview.text.total", { total: lines.length })}</span>
          </span>
          <button
            type="button"
            className="icon-btn"
            onClick={() => setPage(view.page + 1)}
            disabled={view.page >= view.pages}
            aria-label={t("preview.text.next")}
            title={t("preview.text.next")}
            data-testid="text-page-next"
          >
            <ChevronRightIcon size={16} aria-hidden />
          </button>
        </nav>
      )}
      {view.pages === 1 && (
        <p className="fpv-toolbar fpv-toolbar__value" data-testid="text-lines">
          {t("preview.text.lines", { from: view.from, to: view.to })}
        </p>
      )}
      {/* A list, so line numbers come from the browser and are read out as positions. */}
      <ol className="fpv-code" start={view.from || 1} aria-label={label} tabIndex={0} data-testid="preview-text">
        {view.lines.map((line, i) => (
          <li key={view.from + i}>{line || "\u200b"}</li>
        ))}
      </ol>
    </div>
  );
}
