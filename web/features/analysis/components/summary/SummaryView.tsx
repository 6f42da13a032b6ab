import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AnalysisFileDetail } from "../../../../../contract/analysis";
import { LoadState } from "../../../../ui/LoadState";
import { SafeMarkdown } from "../../../../ui/SafeMarkdown";
import { FeedbackBar } from "../feedback/FeedbackBar";
import { NotAvailable } from "../StatusPanels";
import { useSummaryResult } from "./useSummaryResult";

type Depth = "md" | "md2";

/** The Summary mode: the title, the keywords, and the summary (brief `md`, detailed `md2` when there is one) as safe markdown. */
export function SummaryView({ detail }: { detail: AnalysisFileDetail }) {
  const { t } = useTranslation();
  const { result, loading, failed, retry, taskId } = useSummaryResult(detail);
  const [depth, setDepth] = useState<Depth>("md");
  if (!result) {
    if (loading || failed) return <LoadState loading={loading} failed={failed} failedText={t("analysis.loadFailed")} onRetry={retry} />;
    return <NotAvailable text={t("analysis.summary.empty")} />;
  }
  const hasDetailed = result.md2.trim() !== "" && result.md2 !== result.md;
  const text = depth === "md2" && hasDetailed ? result.md2 : result.md;
  return (
    <article className="anv-summary" data-testid="analysis-summary">
      <header className="anv-summary__head">
        {result.title && <h2 className="anv-summary__title">{result.title}</h2>}
        {hasDetailed && (
          <div className="anv-toggle" role="group" aria-label={t("analysis.summary.view")}>
            {(["md", "md2"] as const).map((option) => (
              <button key={option} type="button" aria-pressed={depth === option} onClick={() => setDepth(option)} data-testid={`summary-${option}`}>
                {option === "md" ? t("analysis.summary.brief") : t("analysis.summary.detailed")}
              </button>
            ))}
          </div>
        )}
      </header>
      {detail.keywords.length > 0 && (
        <ul className="anv-keywords" aria-label={t("analysis.summary.keywords")} data-testid="analysis-keywords">
          {detail.keywords.map((keyword) => (
            <li key={keyword} className="anv-keyword">
              {keyword}
            </li>
          ))}
        </ul>
      )}
      {text.trim() ? <SafeMarkdown text={text} className="anv-markdown" testId="analysis-summary-text" /> : <NotAvailable text={t("analysis.summary.empty")} />}
      {taskId && <FeedbackBar taskId={taskId} type="summary" />}
    </article>
  );
}
