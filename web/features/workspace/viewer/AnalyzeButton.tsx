import { useTranslation } from "react-i18next";
import { isAnalyzable, preloadAnalysisViewer } from "../../../app/analysis";
import { Button } from "../../../ui/Button";
import { AnalyzeFileIcon } from "../../../ui/icons";
import { openAnalysis } from "./tabsStore";

/** 'Analyze' on a recording or document (spec 03 §2.4): opens the file's analysis viewer in a tab of its own. */
export function AnalyzeButton({ projectId, filePath, fileName }: { projectId: string; filePath: string; fileName: string }) {
  const { t } = useTranslation();
  if (!isAnalyzable(fileName)) return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => openAnalysis(projectId, filePath)}
      onPointerEnter={() => void preloadAnalysisViewer()}
      onFocus={() => void preloadAnalysisViewer()}
      aria-label={t("analysis.analyzeNamed", { name: fileName })}
      data-testid="viewer-analyze"
    >
      <AnalyzeFileIcon size={14} aria-hidden />
      {t("analysis.analyze")}
    </Button>
  );
}
