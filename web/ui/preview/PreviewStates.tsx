import { DownloadIcon, ExternalIcon, FileUnknownIcon, FileWarningIcon, RetryIcon } from "../icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../Spinner";
import { formatFileSize, TEXT_PREVIEW_MAX_BYTES } from "./kinds";

export function PreviewLoading() {
  const { t } = useTranslation();
  return (
    <div className="fpv-state" role="status" data-testid="preview-loading">
      <Spinner size={20} />
      <span>{t("preview.loading")}</span>
    </div>
  );
}

interface PanelActions {
  onDownload?: () => void;
  onOpenInNewTab?: () => void;
  onRetry?: () => void;
}

function Actions({ onDownload, onOpenInNewTab, onRetry }: PanelActions) {
  const { t } = useTranslation();
  return (
    <div className="fpv-state__actions">
      {onDownload && (
        <button type="button" className="btn btn--primary btn--sm" onClick={onDownload} data-testid="preview-state-download">
          <DownloadIcon size={14} aria-hidden />
          {t("preview.actions.download")}
        </button>
      )}
      {onOpenInNewTab && (
        <button type="button" className="btn btn--secondary btn--sm" onClick={onOpenInNewTab}>
          <ExternalIcon size={14} aria-hidden />
          {t("preview.actions.openInNewTab")}
        </button>
      )}
      {onRetry && (
        <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry} data-testid="preview-retry">
          <RetryIcon size={14} aria-hidden />
          {t("common.retry")}
        </button>
      )}
    </div>
  );
}

function StatePanel({ icon, title, children, testId, ...actions }: PanelActions & { icon: ReactNode; title: string; children?: ReactNode; testId: string }) {
  return (
    <div className="fpv-state fpv-state--panel" role="alert" data-testid={testId}>
      <span className="fpv-state__icon" aria-hidden>
        {icon}
      </span>
      <p className="fpv-state__title">{title}</p>
      {children}
      <Actions {...actions} />
    </div>
  );
}

/** Spec 02 §8 Preview row: the kind's failure text, and a way to get at the file anyway. */
export function PreviewError({ message, children, ...actions }: PanelActions & { message: string; children?: ReactNode }) {
  return (
    <StatePanel icon={<FileWarningIcon size={28} />} title={message} testId="preview-error" {...actions}>
      {children}
    </StatePanel>
  );
}

/** Spec 02 §5: 'File too large' with the size and the limit of the kind (5 MB for text). */
export function PreviewTooLarge({ size, limit, onDownload }: { size: number; limit: number; onDownload?: () => void }) {
  const { t } = useTranslation();
  return (
    <StatePanel icon={<FileWarningIcon size={28} />} title={t("preview.tooLarge.title")} testId="preview-too-large" onDownload={onDownload}>
      <p>{t("preview.tooLarge.size", { size: formatFileSize(size) })}</p>
      <p className="muted">
        {limit === TEXT_PREVIEW_MAX_BYTES ? t("preview.tooLarge.textLimit") : t("preview.tooLarge.parsedLimit", { max: formatFileSize(limit) })}
      </p>
    </StatePanel>
  );
}

/** Spec 02 §2.15: the fallback for kinds without a viewer. */
export function PreviewNotAvailable({ onDownload }: { onDownload?: () => void }) {
  const { t } = useTranslation();
  return (
    <StatePanel icon={<FileUnknownIcon size={28} />} title={t("preview.notAvailable.title")} testId="preview-not-available" onDownload={onDownload}>
      <p className="muted">{t("preview.notAvailable.body")}</p>
    </StatePanel>
  );
}
