import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import { Button } from "../../../ui/Button";
import { FilePreview, type PreviewFile } from "../../../ui/preview";
import { isAnalyzable } from "../../../app/analysis";
import { AnalyzeButton } from "./AnalyzeButton";
import { downloadRaw, errorText, fetchRaw, fileRawUrl } from "./fileApi";

interface FileProps {
  projectId: string;
  filePath: string;
  fileName: string;
}

/**
 * Images, video, audio, PDF, Word documents, spreadsheets, CSV and SVG (spec 03 §2.3 media
 * viewer): the shared file preview as a panel, from the raw bytes with the session headers.
 */
export function MediaView({ projectId, filePath, fileName }: FileProps) {
  const file = useMemo<PreviewFile>(
    () => ({
      name: fileName,
      url: fileRawUrl(projectId, filePath),
      load: (signal) => fetchRaw(projectId, filePath, signal),
      download: () => downloadRaw(projectId, filePath, fileName),
    }),
    [projectId, filePath, fileName],
  );
  if (!isAnalyzable(fileName)) return <FilePreview file={file} presentation="panel" />;
  // Recordings and documents can be analysed: the action sits above the preview.
  return (
    <div className="wsv-file">
      <div className="wsv-toolbar">
        <span className="wsv-toolbar__path" title={filePath}>
          {filePath}
        </span>
        <AnalyzeButton projectId={projectId} filePath={filePath} fileName={fileName} />
      </div>
      <div className="wsv-file__body">
        <FilePreview file={file} presentation="panel" />
      </div>
    </div>
  );
}

/** 'This file type is not supported for preview', with a way to get the file anyway. */
export function UnsupportedFile({ projectId, filePath, fileName }: FileProps) {
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
