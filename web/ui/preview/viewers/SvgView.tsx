import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { viewerBlob } from "../blobs";
import { ModeTabs } from "../ModeTabs";
import { PreviewError, PreviewLoading } from "../PreviewStates";
import { readText, useParsed } from "../useParsed";
import { useObjectUrl } from "../usePreviewBytes";
import { TextView } from "./TextView";

type SvgMode = "preview" | "source";

/** Spec 02 §2.15 svg: Preview, drawn by an <img> (an image never runs the file's scripts), or Source. */
export function SvgView({ blob, name, onDownload }: { blob: Blob; name: string; onDownload: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<SvgMode>("preview");
  const [failed, setFailed] = useState(false);
  // An <img> draws SVG only under its own type, and never runs its scripts.
  const image = useMemo(() => viewerBlob("svg", blob), [blob]);
  const url = useObjectUrl(image);
  const tabs = [
    { mode: "preview" as const, label: t("preview.modes.preview") },
    { mode: "source" as const, label: t("preview.modes.source") },
  ];
  return (
    <div className="fpv-svg">
      <ModeTabs tabs={tabs} value={mode} onChange={setMode} />
      <div className="fpv-svg__body" role="tabpanel">
        {mode === "preview" && failed && <PreviewError message={t("preview.errors.svg")} onDownload={onDownload} />}
        {mode === "preview" && !failed && url && (
          <div className="fpv-image__stage fpv-image__stage--checker">
            <img src={url} alt={name} data-testid="preview-svg" onError={() => setFailed(true)} />
          </div>
        )}
        {mode === "source" && <SvgSource blob={blob} name={name} onDownload={onDownload} />}
      </div>
    </div>
  );
}

function SvgSource({ blob, name, onDownload }: { blob: Blob; name: string; onDownload: () => void }) {
  const { t } = useTranslation();
  const text = useParsed(blob, readText);
  if (text.status === "loading") return <PreviewLoading />;
  if (text.status === "failed") return <PreviewError message={t("preview.errors.svg")} onDownload={onDownload} />;
  return <TextView text={text.value} label={name} />;
}
