import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { MINDMAP_HEIGHT_PX, type AnalysisFileDetail } from "../../../../../contract/analysis";
import { LoadState } from "../../../../ui/LoadState";
import { Spinner } from "../../../../ui/Spinner";
import { DiagramView } from "../../../../ui/mermaid/DiagramView";
import { renderDiagram } from "../../../../ui/mermaid/renderQueue";
import type { RenderOutcome } from "../../../../ui/mermaid/state";
import { outlineToMermaid } from "../../model/mindmap";
import { FeedbackBar } from "../feedback/FeedbackBar";
import { NotAvailable } from "../StatusPanels";
import { useSummaryResult } from "../summary/useSummaryResult";

/**
 * The Mindmap mode (spec §2.4, §9): the summary's outline drawn as a Mermaid mind map, 600 px
 * high, by the diagram code the chat's messages use (strict mode, purified SVG, Save PNG at 2x,
 * Export SVG); Mermaid itself downloads the first time a map is drawn.
 */
export function MindmapView({ detail }: { detail: AnalysisFileDetail }) {
  const { t } = useTranslation();
  const { result, loading, failed, retry, taskId } = useSummaryResult(detail);
  const source = useMemo(() => (result ? outlineToMermaid(result.mind || result.mind2, result.title) : null), [result]);
  const [drawn, setDrawn] = useState<{ source: string; outcome: RenderOutcome } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!source) return;
    let live = true;
    void renderDiagram(source).then((outcome) => live && setDrawn({ source, outcome }));
    return () => {
      live = false;
    };
  }, [source, attempt]);

  if (!result) {
    if (loading || failed) return <LoadState loading={loading} failed={failed} failedText={t("analysis.loadFailed")} onRetry={retry} />;
    return <NotAvailable text={t("analysis.mindmap.empty")} />;
  }
  if (!source) return <NotAvailable text={t("analysis.mindmap.empty")} />;
  const outcome = drawn?.source === source ? drawn.outcome : null;
  return (
    <div className="anv-mindmap" style={{ height: MINDMAP_HEIGHT_PX }} data-testid="analysis-mindmap">
      {!outcome && (
        <p className="anv-state" role="status">
          <Spinner size={16} />
          <span>{t("analysis.mindmap.rendering")}</span>
        </p>
      )}
      {outcome && !outcome.ok && <LoadState loading={false} failed failedText={t("analysis.mindmap.failed")} onRetry={() => setAttempt((n) => n + 1)} />}
      {outcome?.ok && (
        <div className="anv-mindmap__diagram mmd">
          <DiagramView diagram={outcome} />
        </div>
      )}
      {taskId && <FeedbackBar taskId={taskId} type="mindmap" />}
    </div>
  );
}
