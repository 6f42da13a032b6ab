import * as Dialog from "@radix-ui/react-dialog";
import { useState, type CSSProperties, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../toast";
import { DiagramToolbar } from "./DiagramToolbar";
import { savePng, saveSvg } from "./exportDiagram";
import "./mermaid.css";
import { DIAGRAM_ZOOM, zoomBy, zoomForKey } from "./state";

interface Rendered {
  svg: string;
  width: number;
  height: number;
}

interface FrameProps {
  diagram: Rendered;
  scale: number;
  onScale: (scale: number) => void;
  fullscreen: boolean;
  onFullscreen: () => void;
}

/** The toolbar and the scroll box of a diagram; the same in the message and full screen. */
function DiagramFrame({ diagram, scale, onScale, fullscreen, onFullscreen }: FrameProps) {
  const { t } = useTranslation();
  const zoom = (to: number | "in" | "out") => onScale(to === "in" ? zoomBy(scale, 1) : to === "out" ? zoomBy(scale, -1) : to);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const next = zoomForKey(event.key, scale);
    if (next === null) return;
    event.preventDefault();
    onScale(next);
  };
  const onSavePng = () => {
    void savePng(diagram.svg, diagram.width, diagram.height).then((saved) => {
      if (saved === "svg") toast.info(t("chat.mermaid.savedAsSvg"));
      if (saved === "none") toast.error(t("chat.mermaid.saveFailed"));
    });
  };
  const onExportSvg = () => {
    try {
      saveSvg(diagram.svg, diagram.width, diagram.height);
    } catch {
      toast.error(t("chat.mermaid.saveFailed"));
    }
  };
  // The diagram keeps its own size up to the box's width; zoom multiplies that, and the box scrolls.
  const size = { "--mmd-width": `${diagram.width > 0 ? diagram.width : 600}px`, "--mmd-scale": String(scale) } as CSSProperties;
  return (
    <>
      <DiagramToolbar scale={scale} onZoom={zoom} fullscreen={fullscreen} onFullscreen={onFullscreen} onSavePng={onSavePng} onExportSvg={onExportSvg} />
      <div
        className="mmd__viewport"
        tabIndex={0}
        role="group"
        aria-label={t("chat.mermaid.label")}
        aria-keyshortcuts="+ - 0"
        onKeyDown={onKeyDown}
        data-testid="mermaid-viewport"
      >
        {/* Purified by sanitizeSvg.ts after Mermaid's strict mode: no script, handler, link or remote reference. */}
        <div className="mmd__svg" style={size} data-testid="mermaid-svg" dangerouslySetInnerHTML={{ __html: diagram.svg }} />
      </div>
    </>
  );
}

/** A rendered diagram with zoom, full screen and export; full screen is a dialog over the whole window. */
export function DiagramView({ diagram }: { diagram: Rendered }) {
  const { t } = useTranslation();
  const [scale, setScale] = useState<number>(DIAGRAM_ZOOM.initial);
  const [fullscreen, setFullscreen] = useState(false);
  return (
    <>
      {/* Stays in the message while full screen is open, so the list does not jump under the dialog. */}
      <DiagramFrame diagram={diagram} scale={scale} onScale={setScale} fullscreen={false} onFullscreen={() => setFullscreen(true)} />
      <Dialog.Root open={fullscreen} onOpenChange={setFullscreen}>
        <Dialog.Portal>
          <Dialog.Overlay className="modal__overlay" />
          <Dialog.Content className="mmd mmd--fullscreen" aria-describedby={undefined} data-testid="mermaid-fullscreen-dialog">
            <Dialog.Title className="sr-only">{t("chat.mermaid.label")}</Dialog.Title>
            <DiagramFrame diagram={diagram} scale={scale} onScale={setScale} fullscreen onFullscreen={() => setFullscreen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
