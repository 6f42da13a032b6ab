import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../ui/Spinner";
import { CollapseLeftIcon, DownloadIcon, EyeIcon, EyeOffIcon, RefreshIcon, UploadIcon } from "../../../ui/icons";

interface ExplorerHeaderProps {
  canUpload: boolean;
  uploading: boolean;
  uploadFolder: string;
  showHidden: boolean;
  refreshing: boolean;
  canDownload: boolean;
  onRefresh: () => void;
  onUpload: (files: File[]) => void;
  onDownload: () => void;
  onToggleHidden: () => void;
  onCollapse: () => void;
}

/** 'Contents' and its actions: refresh, upload, download, hidden files, collapse (spec 03 §2.2). */
export function ExplorerHeader(props: ExplorerHeaderProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { canUpload, uploading, uploadFolder, showHidden, refreshing, canDownload } = props;
  const uploadLabel = !canUpload
    ? t("workspace.explorer.uploadDenied")
    : uploading
      ? t("workspace.explorer.uploading")
      : uploadFolder
        ? t("workspace.explorer.uploadTo", { folder: uploadFolder })
        : t("workspace.explorer.upload");
  const uploadBlocked = !canUpload || uploading;

  return (
    <header className="ws-panel__header">
      <h2 className="ws-panel__title">{t("workspace.explorer.title")}</h2>
      <div className="ws-panel__actions">
        <button
          type="button"
          className="icon-btn"
          onClick={props.onRefresh}
          aria-label={t("workspace.explorer.refresh")}
          title={t("workspace.explorer.refresh")}
          data-testid="explorer-refresh"
        >
          {refreshing ? <Spinner size={14} /> : <RefreshIcon size={15} />}
        </button>
        {/* aria-disabled keeps the reason readable on hover and focus, which `disabled` would not. */}
        <button
          type="button"
          className="icon-btn"
          aria-disabled={uploadBlocked || undefined}
          onClick={() => !uploadBlocked && input.current?.click()}
          aria-label={uploadLabel}
          title={uploadLabel}
          data-testid="explorer-upload"
        >
          {uploading ? <Spinner size={14} /> : <UploadIcon size={15} />}
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          disabled={uploadBlocked}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = "";
            if (files.length) props.onUpload(files);
          }}
          data-testid="explorer-upload-input"
        />
        <button
          type="button"
          className="icon-btn"
          aria-disabled={!canDownload || undefined}
          onClick={() => canDownload && props.onDownload()}
          aria-label={t("workspace.explorer.download")}
          title={t("workspace.explorer.download")}
          data-testid="explorer-download"
        >
          <DownloadIcon size={15} />
        </button>
        <button
          type="button"
          className="icon-btn"
          aria-pressed={showHidden}
          onClick={props.onToggleHidden}
          aria-label={showHidden ? t("workspace.explorer.hideHidden") : t("workspace.explorer.showHidden")}
          title={showHidden ? t("workspace.explorer.hideHidden") : t("workspace.explorer.showHidden")}
          data-testid="explorer-toggle-hidden"
        >
          {showHidden ? <EyeIcon size={15} /> : <EyeOffIcon size={15} />}
        </button>
        <button
          type="button"
          className="icon-btn"
          onClick={props.onCollapse}
          aria-label={t("workspace.explorer.collapse")}
          title={t("workspace.explorer.collapse")}
          data-testid="explorer-collapse"
        >
          <CollapseLeftIcon size={15} />
        </button>
      </div>
    </header>
  );
}
