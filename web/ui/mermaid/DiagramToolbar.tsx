import { ExitFullScreenIcon, FullScreenIcon, ResetViewIcon, SaveFileIcon, SaveImageIcon, ZoomInIcon, ZoomOutIcon } from "../icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DIAGRAM_ZOOM, scalePercent } from "./state";

interface ToolProps {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
  children: ReactNode;
}

function Tool({ label, onClick, disabled, testId, children }: ToolProps) {
  return (
    <button type="button" className="mmd__tool" onClick={onClick} disabled={disabled} aria-label={label} title={label} data-testid={testId}>
      {children}
    </button>
  );
}

export interface DiagramToolbarProps {
  scale: number;
  onZoom: (scale: number | "in" | "out") => void;
  fullscreen: boolean;
  onFullscreen: () => void;
  onSavePng: () => void;
  onExportSvg: () => void;
}

/** Spec 02 §2.15: zoom 0.5–3 in steps of 0.25, reset, fullscreen, Save PNG (SVG as the fallback), Export SVG. */
export function DiagramToolbar({ scale, onZoom, fullscreen, onFullscreen, onSavePng, onExportSvg }: DiagramToolbarProps) {
  const { t } = useTranslation();
  const percent = scalePercent(scale);
  return (
    <div className="mmd__toolbar" role="toolbar" aria-label={t("chat.mermaid.toolbar")}>
      <span className="mmd__title">{t("chat.mermaid.label")}</span>
      <Tool label={t("chat.mermaid.zoomOut")} onClick={() => onZoom("out")} disabled={scale <= DIAGRAM_ZOOM.min} testId="mermaid-zoom-out">
        <ZoomOutIcon size={15} aria-hidden />
      </Tool>
      <span className="mmd__scale" role="status" aria-label={t("chat.mermaid.scale", { percent })} data-testid="mermaid-scale">
        {percent}%
      </span>
      <Tool label={t("chat.mermaid.zoomIn")} onClick={() => onZoom("in")} disabled={scale >= DIAGRAM_ZOOM.max} testId="mermaid-zoom-in">
        <ZoomInIcon size={15} aria-hidden />
      </Tool>
      <Tool label={t("chat.mermaid.reset")} onClick={() => onZoom(DIAGRAM_ZOOM.initial)} disabled={scale === DIAGRAM_ZOOM.initial} testId="mermaid-zoom-reset">
        <ResetViewIcon size={15} aria-hidden />
      </Tool>
      <Tool
        label={fullscreen ? t("chat.mermaid.exitFullscreen") : t("chat.mermaid.fullscreen")}
        onClick={onFullscreen}
        testId={fullscreen ? "mermaid-exit-fullscreen" : "mermaid-fullscreen"}
      >
        {fullscreen ? <ExitFullScreenIcon size={15} aria-hidden /> : <FullScreenIcon size={15} aria-hidden />}
      </Tool>
      <Tool label={t("chat.mermaid.savePng")} onClick={onSavePng} testId="mermaid-save-png">
        <SaveImageIcon size={15} aria-hidden />
      </Tool>
      <Tool label={t("chat.mermaid.exportSvg")} onClick={onExportSvg} testId="mermaid-export-svg">
        <SaveFileIcon size={15} aria-hidden />
      </Tool>
    </div>
  );
}
