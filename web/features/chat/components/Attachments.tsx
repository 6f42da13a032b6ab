import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Attachment } from "../../../../contract";
import { AnalysisDialog, isAnalyzable, preloadAnalysisViewer } from "../../../app/analysis";
import { apiHeaders } from "../../../app/api/headers";
import { FilePreview, MediaElement, preloadFilePreview, previewKind, type PreviewFile } from "../../../ui/preview";
import { fileExtension, formatFileSize, isImage } from "../model/attachments";
import "./Attachments.css";
import { BrokenImageIcon } from "../../../ui/icons";

/** The bytes of an attachment, with the session (the preview reads them; media elements stream from the URL). */
async function loadAttachment(url: string, signal: AbortSignal): Promise<Blob> {
  const { Accept: _json, ...headers } = apiHeaders(false);
  const response = await fetch(url, { headers, credentials: "include", signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.blob();
}

function previewFileOf(attachment: Attachment): PreviewFile {
  return {
    name: attachment.fileName,
    mimeType: attachment.mimeType,
    size: attachment.fileSize,
    url: attachment.fileUrl,
    streams: true,
    load: (signal) => loadAttachment(attachment.fileUrl, signal),
  };
}

type Open = (attachment: Attachment) => void;

/** 'Analyze' on a recording or document (spec 03 §2.4): the analysis viewer opens over the chat. */
function AnalyzeAction({ attachment, onAnalyze }: { attachment: Attachment; onAnalyze?: Open }) {
  const { t } = useTranslation();
  if (!onAnalyze || !isAnalyzable(attachment.fileName, attachment.fileSize)) return null;
  return (
    <button
      type="button"
      className="btn btn--secondary btn--sm"
      onClick={() => onAnalyze(attachment)}
      onPointerEnter={() => void preloadAnalysisViewer()}
      onFocus={() => void preloadAnalysisViewer()}
      aria-label={t("analysis.analyzeNamed", { name: attachment.fileName })}
      data-testid="attachment-analyze"
    >
      {t("analysis.analyze")}
    </button>
  );
}

function DownloadLink({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation();
  return (
    <a
      className="btn btn--secondary btn--sm"
      href={attachment.fileUrl}
      download={attachment.fileName}
      aria-label={t("chat.files.downloadNamed", { name: attachment.fileName })}
    >
      {t("chat.files.download")}
    </a>
  );
}

function ImageAttachment({ attachment, onOpen }: { attachment: Attachment; onOpen: Open }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div className="att-image att-image--failed" role="img" aria-label={`${attachment.fileName}: ${t("chat.files.imageFailed")}`}>
        <BrokenImageIcon size={18} />
        <span>{t("chat.files.imageFailed")}</span>
        <a href={attachment.fileUrl} download={attachment.fileName} className="att-link">
          {t("chat.files.download")}
        </a>
      </div>
    );
  }
  return (
    <button
      type="button"
      className="att-image att-open"
      onClick={() => onOpen(attachment)}
      onPointerEnter={preloadFilePreview}
      onFocus={preloadFilePreview}
      aria-label={t("preview.actions.open", { name: attachment.fileName })}
      data-testid="attachment-image"
    >
      <img src={attachment.thumbnailUrl ?? attachment.fileUrl} alt={attachment.fileName} loading="lazy" onError={() => setFailed(true)} />
    </button>
  );
}

/** The name and size of a file; a button that opens the preview. */
function FileName({ attachment, onOpen }: { attachment: Attachment; onOpen: Open }) {
  const { t } = useTranslation();
  const ext = fileExtension(attachment.fileName);
  return (
    <button
      type="button"
      className="att-file__open att-open"
      onClick={() => onOpen(attachment)}
      onPointerEnter={preloadFilePreview}
      onFocus={preloadFilePreview}
      aria-label={t("preview.actions.open", { name: attachment.fileName })}
      data-testid="attachment-open"
    >
      <span className="att-file__icon" aria-hidden>
        {ext ? ext.slice(0, 4).toUpperCase() : "FILE"}
      </span>
      <span className="att-file__text">
        <span className="att-file__name" title={attachment.fileName}>
          {attachment.fileName}
        </span>
        <span className="att-file__size">{formatFileSize(attachment.fileSize)}</span>
      </span>
    </button>
  );
}

function FileCard({ attachment, onOpen, onAnalyze }: { attachment: Attachment; onOpen: Open; onAnalyze?: Open }) {
  return (
    <div className="att-file" data-testid="attachment-file">
      <FileName attachment={attachment} onOpen={onOpen} />
      <AnalyzeAction attachment={attachment} onAnalyze={onAnalyze} />
      <DownloadLink attachment={attachment} />
    </div>
  );
}

/** Spec 02 §2.15: video and audio play inline; a player that fails says so and keeps the download. */
function MediaAttachment({ attachment, kind, onOpen, onAnalyze }: { attachment: Attachment; kind: "video" | "audio"; onOpen: Open; onAnalyze?: Open }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <div className={`att-media att-media--${kind}`} data-testid={`attachment-${kind}`}>
      <div className="att-file att-file--bare">
        <FileName attachment={attachment} onOpen={onOpen} />
        <AnalyzeAction attachment={attachment} onAnalyze={onAnalyze} />
        <DownloadLink attachment={attachment} />
      </div>
      {error ? (
        <p className="att-media__error" role="alert">
          {error}
        </p>
      ) : (
        <MediaElement kind={kind} url={attachment.fileUrl} name={attachment.fileName} onError={setError} testId={`inline-${kind}`} />
      )}
    </div>
  );
}

function AttachmentItem({ attachment, onOpen, onAnalyze }: { attachment: Attachment; onOpen: Open; onAnalyze?: Open }) {
  const kind = previewKind(attachment.fileName, attachment.mimeType);
  if (kind === "video" || kind === "audio") return <MediaAttachment attachment={attachment} kind={kind} onOpen={onOpen} onAnalyze={onAnalyze} />;
  return <FileCard attachment={attachment} onOpen={onOpen} onAnalyze={onAnalyze} />;
}

/** Attachments of a message: image thumbnails, inline players, file cards; each opens the file preview. */
export function Attachments({ attachments, chatId }: { attachments: readonly Attachment[]; chatId?: string }) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState<Attachment | null>(null);
  const [analyzing, setAnalyzing] = useState<Attachment | null>(null);
  const file = useMemo(() => (previewing ? previewFileOf(previewing) : null), [previewing]);
  if (attachments.length === 0) return null;
  const images = attachments.filter((a) => isImage(a.mimeType, a.fileName));
  const files = attachments.filter((a) => !isImage(a.mimeType, a.fileName));
  return (
    <div className="atts" role="group" aria-label={t("chat.files.attachments")}>
      {images.length > 0 && (
        <div className="atts__images">
          {images.map((a) => (
            <ImageAttachment key={a.id} attachment={a} onOpen={setPreviewing} />
          ))}
        </div>
      )}
      {files.map((a) => (
        <AttachmentItem key={a.id} attachment={a} onOpen={setPreviewing} onAnalyze={chatId ? setAnalyzing : undefined} />
      ))}
      {file && <FilePreview file={file} presentation="modal" open onClose={() => setPreviewing(null)} />}
      {chatId && analyzing && (
        <AnalysisDialog
          open
          onOpenChange={(open) => !open && setAnalyzing(null)}
          source={{ kind: "chat", chatId, attachmentId: analyzing.id }}
          fileName={analyzing.fileName}
        />
      )}
    </div>
  );
}
