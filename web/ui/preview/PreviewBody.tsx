import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { viewerBlob } from "./blobs";
import { bytesFitKind, previewLimit, type PreviewKind } from "./kinds";
import { MediaElement } from "./MediaElement";
import { PreviewError, PreviewLoading, PreviewNotAvailable, PreviewTooLarge } from "./PreviewStates";
import type { PreviewFile } from "./types";
import { readText, useParsed } from "./useParsed";
import { useObjectUrl, type BytesState } from "./usePreviewBytes";
import { CsvView } from "./viewers/CsvView";
import { DocxView } from "./viewers/DocxView";
import { HtmlView } from "./viewers/HtmlView";
import { ImageView } from "./viewers/ImageView";
import { PdfView } from "./viewers/PdfView";
import { SheetView } from "./viewers/SheetView";
import { SvgView } from "./viewers/SvgView";
import { TextView } from "./viewers/TextView";

interface PreviewBodyProps {
  kind: PreviewKind;
  file: PreviewFile;
  bytes: BytesState;
  streamed: boolean;
  onDownload: () => void;
  onOpenInNewTab: () => void;
  onRetry: () => void;
}

/** The failure text of a file that could not be fetched at all, by kind (spec 02 §8 Preview row). */
const LOAD_FAILED: Partial<Record<PreviewKind, string>> = {
  image: "preview.errors.image",
  svg: "preview.errors.svg",
  video: "preview.errors.video",
  docx: "preview.errors.office",
  spreadsheet: "preview.errors.excel",
  html: "preview.errors.html",
};

/** Loading, error or the viewer of the file's kind (spec 02 §4 file preview states). */
export function PreviewBody({ kind, file, bytes, streamed, onDownload, onOpenInNewTab, onRetry }: PreviewBodyProps) {
  const { t } = useTranslation();
  if (kind === "unsupported") return <PreviewNotAvailable onDownload={onDownload} />;
  if (streamed && file.url && (kind === "video" || kind === "audio")) return <Player kind={kind} url={file.url} name={file.name} onDownload={onDownload} />;
  if (bytes.status === "loading") return <PreviewLoading />;
  if (bytes.status === "tooLarge") return <PreviewTooLarge size={bytes.size} limit={previewLimit(kind)!} onDownload={onDownload} />;
  if (bytes.status === "failed")
    return <PreviewError message={t(LOAD_FAILED[kind] ?? "preview.errors.fileContent")} onDownload={onDownload} onRetry={onRetry} />;
  const { blob } = bytes;
  const common = { blob, name: file.name, onDownload };
  switch (kind) {
    case "image":
    case "pdf":
    case "video":
    case "audio":
      return <FromUrl kind={kind} file={file} blob={blob} onDownload={onDownload} onOpenInNewTab={onOpenInNewTab} />;
    case "svg":
      return <SvgView {...common} />;
    case "docx":
      return <DocxView {...common} />;
    case "spreadsheet":
      return <SheetView {...common} />;
    case "csv":
      return <CsvView {...common} />;
    case "html":
      return <HtmlView {...common} onOpenInNewTab={onOpenInNewTab} />;
    case "text":
      return <PlainText {...common} />;
  }
}

interface FromUrlProps {
  kind: "image" | "pdf" | "video" | "audio";
  file: PreviewFile;
  blob: Blob;
  onDownload: () => void;
  onOpenInNewTab: () => void;
}

/** Kinds the browser draws from an address: the bytes under a passive type (blobs.ts). */
function FromUrl({ kind, file, blob, onDownload, onOpenInNewTab }: FromUrlProps) {
  const { t } = useTranslation();
  const typed = useMemo(() => viewerBlob(kind, blob, file.mimeType), [kind, blob, file.mimeType]);
  const url = useObjectUrl(typed);
  // A "PDF" that is not one (an HTML page, random bytes) never reaches the browser's viewer.
  const fits = useParsed(blob, isPdfIfNamedSo(kind));
  if (!url || fits.status === "loading") return <PreviewLoading />;
  if (fits.status === "failed") return <PreviewError message={t("preview.errors.fileContent")} onDownload={onDownload} />;
  if (kind === "image") return <ImageView url={url} name={file.name} onDownload={onDownload} />;
  if (kind === "pdf") return <PdfView url={url} name={file.name} onOpenInNewTab={onOpenInNewTab} />;
  return <Player kind={kind} url={url} name={file.name} onDownload={onDownload} />;
}

function isPdfIfNamedSo(kind: PreviewKind) {
  return async (blob: Blob) => {
    if (kind === "pdf" && !bytesFitKind("pdf", new Uint8Array(await blob.slice(0, 1024).arrayBuffer()))) throw new Error("not a PDF");
  };
}

function Player({ kind, url, name, onDownload }: { kind: "video" | "audio"; url: string; name: string; onDownload: () => void }) {
  const [error, setError] = useState<string | null>(null);
  if (error) return <PreviewError message={error} onDownload={onDownload} />;
  return (
    <div className={`fpv-media fpv-media--${kind}`}>
      <MediaElement kind={kind} url={url} name={name} onError={setError} testId={`preview-${kind}`} />
    </div>
  );
}

function PlainText({ blob, name, onDownload }: { blob: Blob; name: string; onDownload: () => void }) {
  const { t } = useTranslation();
  const text = useParsed(blob, readText);
  if (text.status === "loading") return <PreviewLoading />;
  if (text.status === "failed") return <PreviewError message={t("preview.errors.fileContent")} onDownload={onDownload} />;
  return <TextView text={text.value} label={name} />;
}
