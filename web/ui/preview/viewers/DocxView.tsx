import { DownloadIcon } from "../../icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { bytesFitKind } from "../kinds";
import { ModeTabs } from "../ModeTabs";
import { PreviewError, PreviewLoading } from "../PreviewStates";
import { sanitizeDocumentHtml } from "../sanitize";
import { useParsed } from "../useParsed";
import { docxWorker, runWorker } from "../workers/run";

/** Random bytes or an old binary .doc are refused before mammoth sees them. */
async function convert(blob: Blob, signal: AbortSignal): Promise<string> {
  const bytes = await blob.arrayBuffer();
  if (!bytesFitKind("docx", new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 8)))) throw new Error("not a docx package");
  return sanitizeDocumentHtml(await runWorker<string>(docxWorker, bytes, signal));
}

type DocMode = "html" | "google" | "download";

/**
 * Spec 02 §2.15 office documents: HTML View (mammoth, then DOMPurify), Google Viewer, Download.
 * Google's viewer fetches the file from a public URL; our files sit behind the session, so that
 * tab explains why it cannot be used instead of sending the file anywhere.
 */
export function DocxView({ blob, name, onDownload }: { blob: Blob; name: string; onDownload: () => void }) {
  const { t } = useTranslation();
  const parsed = useParsed(blob, convert);
  const [mode, setMode] = useState<DocMode>("html");
  const tabs = [
    { mode: "html" as const, label: t("preview.modes.html") },
    { mode: "google" as const, label: t("preview.modes.google") },
    { mode: "download" as const, label: t("preview.modes.download") },
  ];
  return (
    <div className="fpv-doc-view">
      <ModeTabs tabs={tabs} value={mode} onChange={setMode} />
      <div className="fpv-doc-view__body" role="tabpanel">
        {mode === "html" && parsed.status === "loading" && <PreviewLoading />}
        {mode === "html" && parsed.status === "failed" && <PreviewError message={t("preview.errors.office")} onDownload={onDownload} />}
        {mode === "html" && parsed.status === "done" && (
          <>
            <p className="fpv-note">{t("preview.office.converted")}</p>
            {/* Sanitised above: no script, handler, style, form or remote picture survives. */}
            <article className="fpv-doc" aria-label={name} data-testid="preview-docx" dangerouslySetInnerHTML={{ __html: parsed.value }} />
          </>
        )}
        {mode === "google" && (
          <PreviewError message={t("preview.errors.googleViewer")} onDownload={onDownload}>
            <p className="muted">{t("preview.office.googleWhy")}</p>
          </PreviewError>
        )}
        {mode === "download" && (
          <div className="fpv-state fpv-state--panel">
            <p>{t("preview.office.downloadBody")}</p>
            <button type="button" className="btn btn--primary btn--sm" onClick={onDownload}>
              <DownloadIcon size={14} aria-hidden />
              {t("preview.actions.downloadNamed", { name })}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
