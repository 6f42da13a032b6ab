import { ExternalIcon, RefreshIcon } from "../../icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** Spec 02 §2.15 pdf: the browser's viewer in a frame, Refresh, Open in new tab. */
export function PdfView({ url, name, onOpenInNewTab }: { url: string; name: string; onOpenInNewTab: () => void }) {
  const { t } = useTranslation();
  const [reloads, setReloads] = useState(0);
  return (
    <div className="fpv-pdf">
      <div className="fpv-toolbar">
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setReloads((n) => n + 1)} data-testid="pdf-refresh">
          <RefreshIcon size={14} aria-hidden />
          {t("preview.pdf.refresh")}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={onOpenInNewTab} data-testid="pdf-new-tab">
          <ExternalIcon size={14} aria-hidden />
          {t("preview.actions.openInNewTab")}
        </button>
      </div>
      {/* A new key mounts a new frame: the viewer reloads the document from the start. */}
      <iframe key={reloads} className="fpv-frame" src={url} title={t("preview.pdf.frame", { name })} data-testid="preview-pdf" />
    </div>
  );
}
