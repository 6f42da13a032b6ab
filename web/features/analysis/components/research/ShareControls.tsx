import { useState } from "react";
import { useTranslation } from "react-i18next";
import { withLanguage } from "../../../../i18n/language";
import { useLang } from "../../../../i18n/useLang";
import { Button } from "../../../../ui/Button";
import { toast } from "../../../../ui/toast";
import { shareResearch } from "../../api";

/** The reader's address of a shared report: /{locale}/share/research/{sessionId}. */
export function sharedReportUrl(sessionId: string, lang: "en" | "zh", origin: string): string {
  return `${origin}${withLanguage(`/share/research/${encodeURIComponent(sessionId)}`, lang)}`;
}

/** Share on or off, and the link to copy while it is on. */
export function ShareControls({ sessionId, shared, onChanged }: { sessionId: string; shared: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const link = sharedReportUrl(sessionId, lang, window.location.origin);
  const toggle = async () => {
    setBusy(true);
    try {
      await shareResearch(sessionId, !shared);
      onChanged();
    } catch (error) {
      toast.error(t("analysis.research.shareFailed", { reason: error instanceof Error && error.message ? error.message : t("analysis.networkError") }));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t("analysis.research.linkCopied"));
    } catch {
      toast.error(t("analysis.research.copyFailed"));
    }
  };
  return (
    <div className="anv-share" data-testid="research-share">
      <Button size="sm" variant="secondary" busy={busy} aria-pressed={shared} onClick={() => void toggle()} data-testid="research-share-toggle">
        {shared ? t("analysis.research.unshare") : t("analysis.research.share")}
      </Button>
      {shared && (
        <>
          <span className="muted anv-share__note">{t("analysis.research.shared")}</span>
          <input
            className="field__input anv-share__link"
            readOnly
            value={link}
            aria-label={t("analysis.research.copyLink")}
            data-testid="research-share-link"
          />
          <Button size="sm" variant="secondary" onClick={() => void copy()}>
            {t("analysis.research.copyLink")}
          </Button>
        </>
      )}
    </div>
  );
}
