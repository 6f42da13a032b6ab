import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import { Button } from "../../../ui/Button";
import { Spinner } from "../../../ui/Spinner";
import { downloadRaw, errorText, useRawFile } from "./fileApi";

interface MediaViewProps {
  projectId: string;
  filePath: string;
  fileName: string;
  kind: "image" | "video" | "audio" | "pdf";
}

/** Images, video, audio and PDF from the raw bytes (spec 03 §2.3 media viewer). */
export function MediaView({ projectId, filePath, fileName, kind }: MediaViewProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const raw = useRawFile(projectId, filePath, attempt, kind === "pdf" ? "application/pdf" : undefined);

  if (raw.loading) {
    return (
      <div className="wsv-center" role="status">
        <Spinner size={18} /> {t("workspaceViewer.file.loadingMedia")}
      </div>
    );
  }
  if (!raw.url) {
    return (
      <div className="wsv-center">
        <div className="inline-error" role="alert">
          {t("workspaceViewer.file.mediaFailed", { reason: raw.error || t("errors.networkAnomaly") })}
          <Button size="sm" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t("common.retry")}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className={`wsv-media wsv-media--${kind}`} data-testid="media-view" data-kind={kind}>
      {kind === "image" && <img src={raw.url} alt={fileName} />}
      {kind === "video" && (
        <video src={raw.url} controls>
          {t("workspaceViewer.file.noVideo")}
        </video>
      )}
      {kind === "audio" && (
        <audio src={raw.url} controls>
          {t("workspaceViewer.file.noAudio")}
        </audio>
      )}
      {kind === "pdf" && <iframe src={raw.url} title={t("workspaceViewer.file.pdfTitle", { name: fileName })} />}
    </div>
  );
}

/** 'This file type is not supported for preview', with a way to get the file anyway. */
export function UnsupportedFile({ projectId, filePath, fileName }: Omit<MediaViewProps, "kind">) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadRaw(projectId, filePath, fileName);
    } catch (error) {
      toast.error(t("workspaceViewer.file.mediaFailed", { reason: errorText(error, t("errors.networkAnomaly")) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="wsv-center wsv-center--column" data-testid="viewer-unsupported">
      <p>{t("workspaceViewer.file.unsupported")}</p>
      <Button size="sm" variant="secondary" busy={busy} onClick={() => void download()}>
        {t("workspaceViewer.file.download")}
      </Button>
    </div>
  );
}
