import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { formatBytes } from "./knowledgeFiles";
import { formatSpeed, percentOf, remainingSeconds, type UploadItem } from "./uploadQueue";

interface UploadRowProps {
  item: UploadItem;
  onRetry: () => void;
  onCancel: () => void;
}

/** One file on its way up: progress with speed and time left and Cancel, or the failure with Retry and Cancel. */
export function UploadRow({ item, onRetry, onCancel }: UploadRowProps) {
  const { t } = useTranslation();
  const percent = percentOf(item);
  const seconds = remainingSeconds(item);
  return (
    <li className={`knowledge-file knowledge-file--${item.phase}`} data-testid="knowledge-upload" data-phase={item.phase} data-file-name={item.file.name}>
      <div className="knowledge-file__text">
        <span className="knowledge-file__name">{item.file.name}</span>
        <span className="knowledge-file__meta">
          {formatBytes(item.file.size)}
          {item.phase === "uploading" && (
            <>
              {" · "}
              {t("vires.knowledge.uploading", { percent })}
              {item.speed > 0 && ` · ${formatSpeed(item.speed)}`}
              {seconds !== null && ` · ${t("vires.knowledge.remaining", { seconds })}`}
            </>
          )}
        </span>
        {item.phase === "uploading" && (
          <progress className="knowledge-file__progress" max={100} value={percent} aria-label={t("vires.knowledge.uploading", { percent })} />
        )}
        {item.phase === "failed" && (
          <span className="field__error" role="alert" data-testid="knowledge-upload-failed">
            {t("vires.knowledge.failed")}
          </span>
        )}
      </div>
      {item.phase === "failed" && (
        <Button size="sm" variant="secondary" onClick={onRetry} data-testid="knowledge-upload-retry">
          {t("vires.knowledge.retry")}
        </Button>
      )}
      <Button
        size="sm"
        variant="ghost"
        onClick={onCancel}
        aria-label={t("vires.knowledge.cancelUpload", { name: item.file.name })}
        data-testid="knowledge-upload-cancel"
      >
        {t("vires.knowledge.cancel")}
      </Button>
    </li>
  );
}
