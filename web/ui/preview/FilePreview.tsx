import * as Dialog from "@radix-ui/react-dialog";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../toast";
import { newTabBlob, openBlobInNewTab } from "./blobs";
import { downloadPreviewFile } from "./download";
import { previewKind, type PreviewKind } from "./kinds";
import { PreviewBody } from "./PreviewBody";
import { PreviewHeader } from "./PreviewHeader";
import type { FilePreviewProps, PreviewFile } from "./types";
import { usePreviewBytes } from "./usePreviewBytes";
import { useShare } from "./useShare";
import "./preview.css";

/** Kinds a browser tab shows from the loaded bytes (office files would only download again). */
const NEW_TAB_KINDS = new Set<PreviewKind>(["image", "svg", "video", "audio", "pdf", "html", "text", "csv"]);

function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).href;
}

/** Media stream from the file's address when it has one: nothing to download before playing. */
function streams(kind: PreviewKind, file: PreviewFile): boolean {
  return (kind === "video" || kind === "audio") && !!file.url && file.streams === true;
}

/**
 * The file preview (spec 02 §2.15): a header with the name, Download, Share, Open in new tab and
 * Close, and the viewer of the file's kind. A modal (full screen on a phone) or a side panel.
 * The caller keeps `file` stable (useMemo): a new `load` loads again.
 */
export default function FilePreview({ file, presentation, open = true, onClose }: FilePreviewProps) {
  const { t } = useTranslation();
  const kind = useMemo(() => previewKind(file.name, file.mimeType), [file.name, file.mimeType]);
  const [attempt, setAttempt] = useState(0);
  const streamed = streams(kind, file);
  const bytes = usePreviewBytes(file, kind, open && kind !== "unsupported" && !streamed, attempt);
  const blob = bytes.status === "loaded" ? bytes.blob : null;
  const share = useShare(file.name, file.url ? absoluteUrl(file.url) : null);

  const onDownload = useCallback(() => {
    void downloadPreviewFile(file, blob).then((ok) => {
      if (!ok) toast.error(t("preview.errors.download"));
    });
  }, [file, blob, t]);

  const canOpenNewTab = NEW_TAB_KINDS.has(kind) && (blob !== null || streamed);
  const onOpenInNewTab = useCallback(() => {
    if (streamed && file.url) {
      window.open(absoluteUrl(file.url), "_blank", "noopener");
      return;
    }
    if (!blob) return;
    void newTabBlob(kind, file.name, blob, file.mimeType).then((page) => page && openBlobInNewTab(page));
  }, [streamed, file.url, file.name, file.mimeType, blob, kind]);

  const headerProps = {
    name: file.name,
    size: file.size ?? blob?.size ?? null,
    onDownload,
    share: file.url ? { status: share.status, onShare: share.share } : null,
    onOpenInNewTab: canOpenNewTab ? onOpenInNewTab : null,
    onClose,
  };
  const body = (
    <PreviewBody
      kind={kind}
      file={file}
      bytes={bytes}
      streamed={streamed}
      onDownload={onDownload}
      onOpenInNewTab={onOpenInNewTab}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );

  if (presentation === "panel") {
    return (
      <section className="fpv fpv--panel" aria-label={t("preview.title", { name: file.name })} data-testid="file-preview" data-kind={kind}>
        <PreviewHeader {...headerProps} title={<h2 className="fpv-header__title">{file.name}</h2>} />
        {body}
      </section>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose?.()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content className="fpv fpv--modal" aria-describedby={undefined} data-testid="file-preview" data-kind={kind}>
          <PreviewHeader {...headerProps} title={<Dialog.Title className="fpv-header__title">{file.name}</Dialog.Title>} />
          {body}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
