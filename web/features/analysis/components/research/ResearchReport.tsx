import { useTranslation } from "react-i18next";
import { LoadState } from "../../../../ui/LoadState";
import { SafeMarkdown } from "../../../../ui/SafeMarkdown";
import { Spinner } from "../../../../ui/Spinner";
import { useResearchSession } from "../../api";
import { FeedbackBar } from "../feedback/FeedbackBar";
import { NotAvailable } from "../StatusPanels";
import { ShareControls } from "./ShareControls";

/**
 * A deep research report: the question and the report as markdown, polled every 5 s while it is
 * written. Share mode (a reader with a link) shows only the report: no feedback, no sharing, no
 * generating controls.
 */
export function ResearchReport({ sessionId, shared }: { sessionId: string; shared: boolean }) {
  const { t } = useTranslation();
  const session = useResearchSession(sessionId, shared);
  const data = session.data;
  if (!data) {
    if (session.error && shared) return <NotAvailable text={t("analysis.research.sharedMissing")} />;
    return <LoadState loading={!session.error} failed={!!session.error} failedText={t("analysis.loadFailed")} onRetry={() => void session.mutate()} />;
  }
  if (data.status === 1) {
    if (shared) return <NotAvailable />;
    return (
      <p className="anv-state" role="status" data-testid="research-generating">
        <Spinner size={16} />
        <span>{t("analysis.research.generating")}</span>
      </p>
    );
  }
  return (
    <article className="anv-research__report" data-testid="research-report">
      {data.question && <p className="anv-research__question">{t("analysis.research.askedFor", { question: data.question })}</p>}
      {data.answer.trim() ? <SafeMarkdown text={data.answer} className="anv-markdown" testId="research-answer" /> : <NotAvailable />}
      {!shared && (
        <footer className="anv-research__footer">
          <ShareControls sessionId={sessionId} shared={data.shared} onChanged={() => void session.mutate()} />
          <FeedbackBar taskId={sessionId} type="research" />
        </footer>
      )}
    </article>
  );
}
