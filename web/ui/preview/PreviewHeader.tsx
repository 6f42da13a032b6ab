import { CheckIcon, CloseIcon, DownloadIcon, ExternalIcon, ShareIcon, WarningIcon } from "../icons";
import { IconButton } from "../IconButton";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatFileSize } from "./kinds";
import type { ShareStatus } from "./useShare";

interface PreviewHeaderProps {
  /** The file name as a heading: the dialog's title in the modal. */
  title: ReactNode;
  name: string;
  size?: number | null;
  onDownload: () => void;
  share: { status: ShareStatus; onShare: () => void } | null;
  onOpenInNewTab: (() => void) | null;
  onClose?: () => void;
}

const SHARE_ICONS: Record<ShareStatus, ReactNode> = {
  idle: <ShareIcon size={16} aria-hidden />,
  success: <CheckIcon size={16} aria-hidden />,
  error: <WarningIcon size={16} aria-hidden />,
};

/** Name, Download, Share (with Copied / Failed for 2 s), Open in new tab and Close (spec 02 §2.15). */
export function PreviewHeader({ title, name, size, onDownload, share, onOpenInNewTab, onClose }: PreviewHeaderProps) {
  const { t } = useTranslation();
  const shareText = share?.status === "success" ? t("preview.actions.copied") : share?.status === "error" ? t("preview.actions.failed") : "";
  return (
    <header className="fpv-header">
      <div className="fpv-header__name">
        {title}
        {typeof size === "number" && <span className="fpv-header__size">{formatFileSize(size)}</span>}
      </div>
      <div className="fpv-header__actions" role="toolbar" aria-label={t("preview.actions.label")}>
        <IconButton
          onClick={onDownload}
          label={t("preview.actions.downloadNamed", { name })}
          title={t("preview.actions.download")}
          data-testid="preview-download"
        >
          <DownloadIcon size={16} aria-hidden />
        </IconButton>
        {share && (
          <IconButton
            className={`fpv-share fpv-share--${share.status}`}
            onClick={share.onShare}
            label={t("preview.actions.shareNamed", { name })}
            title={t("preview.actions.share")}
            data-testid="preview-share"
            data-status={share.status}
          >
            {SHARE_ICONS[share.status]}
          </IconButton>
        )}
        {/* Read out when it changes, and shown next to the button for 2 s. */}
        <span className={`fpv-share-status fpv-share-status--${share?.status ?? "idle"}`} role="status" data-testid="preview-share-status">
          {shareText}
        </span>
        {onOpenInNewTab && (
          <IconButton onClick={onOpenInNewTab} label={t("preview.actions.openInNewTab")} data-testid="preview-open-new-tab">
            <ExternalIcon size={16} aria-hidden />
          </IconButton>
        )}
        {onClose && (
          <IconButton onClick={onClose} label={t("preview.actions.close")} data-testid="preview-close">
            <CloseIcon size={18} aria-hidden />
          </IconButton>
        )}
      </div>
    </header>
  );
}
