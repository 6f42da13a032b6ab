import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { NotAvailable } from "../StatusPanels";
import { ResearchReport } from "./ResearchReport";
import "../../analysis.css";
import "../../analysis-modes.css";

/** The read-only page a shared report's link opens (/{locale}/share/research/{sessionId}); no sign-in needed. */
export function SharedResearchPage() {
  const { t } = useTranslation();
  const { sessionId } = useParams();
  return (
    <main className="anv-shared" data-testid="shared-research-page">
      <h1 className="anv-shared__title">{t("analysis.research.sharedTitle")}</h1>
      {sessionId ? <ResearchReport sessionId={sessionId} shared /> : <NotAvailable text={t("analysis.research.sharedMissing")} />}
    </main>
  );
}
