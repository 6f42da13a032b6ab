import { useTranslation } from "react-i18next";
import type { StagedFile } from "../hooks/useComposerFiles";
import { formatFileSize } from "../model/attachments";
import { CheckIcon, CloseIcon } from "../../../ui/icons";

/** The status line under the chips (spec 02 §2.7). */
export function filesStatus(files: readonly Pick<StagedFile, "status">[]): { key: "filesUploading" | "filesReady" | "filesUploaded"; count: number } | null {
  if (files.length === 0) return null;
  if (files.some((f) => f.status === "uploading")) return { key: "filesUploading", count: files.length };
  const waiting = files.filter((f) => f.status !== "uploaded").length;
  if (waiting > 0) return { key: "filesReady", count: waiting };
  return { key: "filesUploaded", count: files.length };
}

/** File chips of the composer with per-file progress and a remove button. */
export function ComposerFiles({ files, onRemove }: { files: readonly StagedFile[]; onRemove: (key: string) => void }) {
  const { t } = useTranslation();
  const status = filesStatus(files);
  if (!status) return null;
  return (
    <div className="composer__files">
      <ul className="file-chips">
        {files.map((staged) => (
          <li key={staged.key} className={`file-chip file-chip--${staged.status}`} data-testid="composer-file-chip">
            <span className="file-chip__name" title={staged.file.name}>
              {staged.file.name}
            </span>
            <span className="file-chip__size">
              {staged.status === "uploading" ? `${Math.round(staged.progress * 100)}%` : formatFileSize(staged.file.size)}
            </span>
            {staged.status === "uploaded" && <CheckIcon className="file-chip__done" size={14} />}
            {staged.status === "uploading" && (
              <span className="file-chip__bar" aria-hidden>
                <span style={{ width: `${Math.round(staged.progress * 100)}%` }} />
              </span>
            )}
            <button
              type="button"
              className="file-chip__remove"
              aria-label={t("chat.composer.removeFile", { name: staged.file.name })}
              disabled={staged.status === "uploading"}
              onClick={() => onRemove(staged.key)}
            >
              <CloseIcon size={12} />
            </button>
          </li>
        ))}
      </ul>
      <p className="composer__files-status" role="status">
        {t(`chat.composer.${status.key}`, { count: status.count })}
      </p>
    </div>
  );
}
