import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { AnalysisFileDetail } from "../../../../../contract/analysis";
import { Button } from "../../../../ui/Button";
import { TextAreaField } from "../../../../ui/FormControls";
import { Spinner } from "../../../../ui/Spinner";
import { startResearch, useResearchButton, useResearchSession } from "../../api";
import { isRecording } from "../../model/status";
import { NotAvailable } from "../StatusPanels";
import { useSummaryResult } from "../summary/useSummaryResult";
import { ResearchReport } from "./ResearchReport";
import { useStartLock } from "./useStartLock";

/**
 * The DeepResearch mode (spec §4): status 0 offers a question and Start (locked 5 s after a click),
 * 3 is generating (the status is asked for every 5 s), 1 shows the report.
 */
export function DeepResearchPanel({ detail }: { detail: AnalysisFileDetail }) {
  const { t } = useTranslation();
  const sessionId = detail.dprSessionId;
  const button = useResearchButton(sessionId);
  const { result } = useSummaryResult(detail);
  const [question, setQuestion] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [locked, lock] = useStartLock();
  const status = button.data?.status ?? detail.deepResearchStatus;
  // Back at the start after a request: the session says why the last one failed (the model refused, timed out).
  const last = useResearchSession(status === 0 ? sessionId : null, false).data;
  if (!sessionId) return <NotAvailable text={t("analysis.research.unavailable")} />;

  const start = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    const text = question.trim();
    if (!text) {
      setError(t("analysis.research.needQuestion"));
      return;
    }
    lock();
    setError(null);
    try {
      await startResearch({ sessionId, sessionType: isRecording(detail) ? 6 : 9, question: text, outline: result?.mind || undefined });
      await button.mutate({ status: 3 }, { revalidate: false });
    } catch (failure) {
      setError(t("analysis.research.startFailed", { reason: failure instanceof Error && failure.message ? failure.message : t("analysis.networkError") }));
    }
  };

  if (status === 1) return <ResearchReport sessionId={sessionId} shared={false} />;
  if (status === 3) {
    return (
      <p className="anv-state" role="status" data-testid="research-generating">
        <Spinner size={16} />
        <span>{t("analysis.research.generating")}</span>
      </p>
    );
  }
  return (
    <form className="anv-research__start" onSubmit={(event) => void start(event)} data-testid="research-start-form">
      <p className="muted">{t("analysis.research.intro")}</p>
      {last?.error && (
        <p className="field__error" role="alert" data-testid="research-last-error">
          {t("analysis.research.lastFailed", { reason: last.error })}
        </p>
      )}
      <TextAreaField
        label={t("analysis.research.question")}
        rows={3}
        maxLength={2000}
        value={question}
        placeholder={t("analysis.research.questionPlaceholder")}
        onChange={(event) => setQuestion(event.target.value)}
        error={error}
        data-testid="research-question"
      />
      <Button type="submit" disabled={locked} data-testid="research-start">
        {t("analysis.research.start")}
      </Button>
    </form>
  );
}
