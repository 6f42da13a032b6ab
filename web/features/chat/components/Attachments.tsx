import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Attachment } from "../../../../contract";
import { fileExtension, formatFileSize, isImage } from "../model/attachments";

function ImageAttachment({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div className="att-image att-image--failed" role="img" aria-label={`${attachment.fileName}: ${t("chat.files.imageFailed")}`}>
        <span aria-hidden>🖼</span>
        <span>{t("chat.files.imageFailed")}</span>
        <a href={attachment.fileUrl} download={attachment.fileName} className="att-link">
          {t("chat.files.download")}
        </a>
      </div>
    );
  }
  return (
    <a
      className="att-image"
      href={attachment.fileUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t("chat.files.openImage", { name: attachment.fileName })}
    >
      <img src={attachment.thumbnailUrl ?? attachment.fileUrl} alt={attachment.fileName} loading="lazy" onError={() => setFailed(true)} />
    </a>
  );
}

function FileCard({ attachment }: { attachment: Attachment }) {
  const { t } = useTranslation();
  const ext = fileExtension(attachment.fileName);
  return (
    <div className="att-file">
      <span className="att-file__icon" aria-hidden>
        {ext ? ext.slice(0, 4).toUpperCase() : "FILE"}
      </span>
      <span className="att-file__text">
        <span className="att-file__name" title={attachment.fileName}>
          {attachment.fileName}
        </span>
        <span className="att-file__size">{formatFileSize(attachment.fileSize)}</span>
      </span>
      <a
        className="btn btn--secondary btn--sm"
        href={attachment.fileUrl}
        download={attachment.fileName}
        aria-label={t("chat.files.downloadNamed", { name: attachment.fileName })}
      >
        {t("chat.files.download")}
      </a>
    </div>
  );
}

/** Attachments of a message: image thumbnails, then file cards with a download link. */
export function Attachments({ attachments }: { attachments: readonly Attachment[] }) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  const images = attachments.filter((a) => isImage(a.mimeType, a.fileName));
  const files = attachments.filter((a) => !isImage(a.mimeType, a.fileName));
  return (
    <div className="atts" role="group" aria-label={t("chat.files.attachments")}>
      {images.length > 0 && (
        <div className="atts__images">
          {images.map((a) => (
            <ImageAttachment key={a.id} attachment={a} />
          ))}
        </div>
      )}
      {files.map((a) => (
        <FileCard key={a.id} attachment={a} />
      ))}
    </div>
  );
}
