import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { type AppIcon, InsightIcon, MindmapIcon, PodcastIcon, RefreshIcon, ResearchIcon, SummaryIcon, TranscriptIcon, FileTextIcon } from "../../../ui/icons";
import type { AnalysisMode } from "../model/status";

const ICONS: Record<AnalysisMode, AppIcon> = {
  summary: SummaryIcon,
  transcription: TranscriptIcon,
  preview: FileTextIcon,
  mindmap: MindmapIcon,
  aha: InsightIcon,
  research: ResearchIcon,
  podcast: PodcastIcon,
};

interface ModeBarProps {
  modes: AnalysisMode[];
  active: AnalysisMode;
  onSelect: (mode: AnalysisMode) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** The mode buttons as a tab list (arrow keys move between them) and Refresh; the row scrolls sideways on a phone. */
export function ModeBar({ modes, active, onSelect, onRefresh, refreshing }: ModeBarProps) {
  const { t } = useTranslation();
  const onKeyDown = (event: KeyboardEvent) => {
    const at = modes.indexOf(active);
    const next = event.key === "ArrowRight" ? at + 1 : event.key === "ArrowLeft" ? at - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const mode = modes[(next + modes.length) % modes.length]!;
    onSelect(mode);
    (event.currentTarget.querySelector(`[data-mode="${mode}"]`) as HTMLElement | null)?.focus();
  };
  return (
    <div className="anv-modebar">
      <div className="anv-modes" role="tablist" aria-label={t("analysis.modesLabel")} onKeyDown={onKeyDown}>
        {modes.map((mode) => {
          const Icon = ICONS[mode];
          return (
            <button
              key={mode}
              type="button"
              role="tab"
              id={`anv-tab-${mode}`}
              aria-selected={mode === active}
              aria-controls="anv-panel"
              tabIndex={mode === active ? 0 : -1}
              className="anv-mode"
              onClick={() => onSelect(mode)}
              data-mode={mode}
              data-testid={`analysis-mode-${mode}`}
            >
              <Icon size={14} aria-hidden />
              <span>{t(`analysis.modes.${mode}`)}</span>
            </button>
          );
        })}
      </div>
      <button
        type="button"
        className="icon-btn"
        onClick={onRefresh}
        disabled={refreshing}
        aria-label={t("analysis.refresh")}
        title={t("analysis.refresh")}
        data-testid="analysis-refresh"
      >
        <RefreshIcon size={15} aria-hidden className={refreshing ? "anv-spin" : undefined} />
      </button>
    </div>
  );
}
