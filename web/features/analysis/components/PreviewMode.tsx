import { useMemo } from "react";
import type { AnalysisFileDetail } from "../../../../contract/analysis";
import { FilePreview, type PreviewFile } from "../../../ui/preview";
import { fetchFile } from "../api";

/**
 * The Preview mode of a local file: the app's file preview as a panel (pdf, docx and text-like
 * files; other kinds get its unsupported panel with a download button).
 */
export function PreviewMode({ detail }: { detail: AnalysisFileDetail }) {
  const url = detail.fileUrl ?? detail.url;
  const file = useMemo<PreviewFile>(
    () => ({
      name: detail.fileName,
      mimeType: detail.mimeType,
      size: detail.size,
      url,
      streams: true,
      load: async (signal) => (await fetchFile(url, signal)).blob(),
    }),
    [detail.fileName, detail.mimeType, detail.size, url],
  );
  return (
    <div className="anv-preview" data-testid="analysis-preview">
      <FilePreview file={file} presentation="panel" />
    </div>
  );
}
