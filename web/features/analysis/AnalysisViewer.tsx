import { useState } from "react";
import { useTranslation } from "react-i18next";
import { mutate } from "swr";
import type { AnalysisFileDetail, AnalysisSource } from "../../../contract/analysis";
import { LoadState } from "../../ui/LoadState";
import { ANALYSIS_KEYS, useAnalysisDetail } from "./api";
import { AhaCarousel } from "./components/aha/AhaCarousel";
import { MindmapView } from "./components/mindmap/MindmapView";
import { ModeBar } from "./components/ModeBar";
import { PodcastPanel } from "./components/podcast/PodcastPanel";
import { PreviewMode } from "./components/PreviewMode";
import { DeepResearchPanel } from "./components/research/DeepResearchPanel";
import { Analyzing, Centered, FailedPanel, ModeGate, ProblemPanel } from "./components/StatusPanels";
import { SummaryView } from "./components/summary/SummaryView";
import { TranscriptView } from "./components/transcript/TranscriptView";
import { useAnalysisFile } from "./hooks/useAnalysisFile";
import { modesOf, modeState, type AnalysisMode } from "./model/status";
import "./analysis.css";
import "./analysis-modes.css";

export interface AnalysisViewerProps {
  /** The file to analyse; null shows 'Select a file to analyze'. */
  source: AnalysisSource | null;
  /** Shown as the title before the detail has arrived. */
  fileName?: string;
}

/**
 * The file analysis viewer (spec 03 §2.4): finds (or starts) the analysis of a chat attachment or
 * a project file, then shows it in modes. The detail is polled while a step is under way.
 */
export default function AnalysisViewer({ source, fileName }: AnalysisViewerProps) {
  const { t } = useTranslation();
  const file = useAnalysisFile(source);
  const detail = useAnalysisDetail(file.fileId);

  let body;
  if (!source) {
    body = (
      <Centered testId="analysis-select">
        <span className="muted">{t("analysis.selectFile")}</span>
      </Centered>
    );
  } else if (file.error !== null) {
    body = <FailedPanel message={t("analysis.startFailed", { reason: file.error || t("analysis.networkError") })} onRetry={file.retry} />;
  } else if (!detail.data) {
    body = detail.error ? <LoadState loading={false} failed failedText={t("analysis.loadFailed")} onRetry={() => void detail.mutate()} /> : <Analyzing />;
  } else {
    return <AnalysisBody detail={detail.data} reanalyze={file.reanalyze} />;
  }
  return (
    <section className="anv" aria-label={t("analysis.title", { name: fileName ?? "" })} data-testid="analysis-viewer">
      {fileName && <h2 className="anv-title">{fileName}</h2>}
      {body}
    </section>
  );
}

function ModeContent({ detail, mode }: { detail: AnalysisFileDetail; mode: AnalysisMode }) {
  switch (mode) {
    case "summary":
      return <SummaryView detail={detail} />;
    case "transcription":
      return <TranscriptView detail={detail} />;
    case "preview":
      return <PreviewMode detail={detail} />;
    case "mindmap":
      return <MindmapView detail={detail} />;
    case "aha":
      return <AhaCarousel detail={detail} />;
    case "research":
      return <DeepResearchPanel detail={detail} />;
    case "podcast":
      return <PodcastPanel detail={detail} />;
  }
}

function AnalysisBody({ detail, reanalyze }: { detail: AnalysisFileDetail; reanalyze: () => Promise<void> }) {
  const { t } = useTranslation();
  const modes = modesOf(detail);
  const [chosen, setChosen] = useState<AnalysisMode>("summary");
  const mode = modes.includes(chosen) ? chosen : "summary";
  const [refreshing, setRefreshing] = useState(false);
  const state = modeState(detail, mode);

  // Refresh asks for everything the viewer shows again: the detail and whatever it points at.
  const refresh = async () => {
    setRefreshing(true);
    try {
      await mutate((key) => {
        const url = Array.isArray(key) ? String(key[0]) : String(key);
        return url.startsWith("/api/v1/") || url.startsWith(ANALYSIS_KEYS.detail(detail.fileId));
      });
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <section className="anv" aria-label={t("analysis.title", { name: detail.fileName })} data-testid="analysis-viewer" data-file-id={detail.fileId}>
      <h2 className="anv-title" title={detail.fileName}>
        {detail.fileName}
      </h2>
      <ModeBar modes={modes} active={mode} onSelect={setChosen} onRefresh={() => void refresh()} refreshing={refreshing} />
      {detail.problem && state !== "problem" && mode !== "preview" && <ProblemPanel problem={detail.problem} />}
      <div className="anv-panel" id="anv-panel" role="tabpanel" aria-labelledby={`anv-tab-${mode}`} data-testid={`analysis-panel-${mode}`}>
        <ModeGate state={state} problem={detail.problem} onRetry={reanalyze}>
          <ModeContent detail={detail} mode={mode} />
        </ModeGate>
      </div>
    </section>
  );
}
