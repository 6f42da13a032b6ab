import { ExternalIcon } from "../../icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ModeTabs } from "../ModeTabs";
import { PreviewError, PreviewLoading } from "../PreviewStates";
import { SandboxedHtml } from "../SandboxedHtml";
import { readText, useParsed } from "../useParsed";
import { TextView } from "./TextView";

type HtmlMode = "preview" | "source";

interface HtmlViewProps {
  blob: Blob;
  name: string;
  onDownload: () => void;
  onOpenInNewTab: () => void;
}

/** Spec 02 §2.15 html: Preview (sandboxed frame), Source, and New Tab (an inert page, never the app's origin running the file). */
export function HtmlView({ blob, name, onDownload, onOpenInNewTab }: HtmlViewProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<HtmlMode>("preview");
  const text = useParsed(blob, readText);
  const tabs = [
    { mode: "preview" as const, label: t("preview.modes.preview") },
    { mode: "source" as const, label: t("preview.modes.source") },
  ];
  if (text.status === "loading") return <PreviewLoading />;
  if (text.status === "failed") return <PreviewError message={t("preview.errors.html")} onDownload={onDownload} onOpenInNewTab={onOpenInNewTab} />;
  return (
    <div className="fpv-html">
      <ModeTabs tabs={tabs} value={mode} onChange={setMode}>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onOpenInNewTab} data-testid="html-new-tab">
          <ExternalIcon size={14} aria-hidden />
          {t("preview.modes.newTab")}
        </button>
      </ModeTabs>
      <div className="fpv-html__body" role="tabpanel">
        {mode === "preview" && (
          <>
            <p className="fpv-note">{t("preview.html.scriptsOff")}</p>
            <SandboxedHtml html={text.value} name={name} />
          </>
        )}
        {mode === "source" && <TextView text={text.value} label={name} />}
      </div>
    </div>
  );
}
