import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import type { FileNode } from "../../../../contract";
import { UploadFailure } from "../../../app/api/upload";
import { toastDuration, type DownloadProgress } from "./downloadProgress";
import { downloadFile, downloadFolder, formatBytes, uploadFile } from "./transfer";

/** Upload to the current folder and download of the selected node, with their visible states. */
export function useTransfers(projectId: string | null, onChanged: () => void) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = async (folder: string, files: readonly File[]) => {
    if (!projectId || !files.length || uploading) return;
    setUploading(true);
    setUploadError(null);
    try {
      for (const file of files) {
        await uploadFile(projectId, folder, file);
        toast.success(t("workspace.explorer.uploaded", { name: file.name }));
      }
    } catch (error) {
      const reason = error instanceof UploadFailure && error.message ? error.message : t("errors.offline");
      setUploadError(reason);
    } finally {
      setUploading(false);
      onChanged();
    }
  };

  const showProgress = (id: string, state: DownloadProgress) => {
    const name = state.folderName;
    const duration = toastDuration(state.status);
    if (state.status === "preparing") toast.loading(t("workspace.explorer.preparing", { name }), { id, duration });
    else if (state.status === "downloading") {
      const text =
        state.size !== null && state.fileCount !== null
          ? t("workspace.explorer.downloadingDetail", { name, size: formatBytes(state.size), count: state.fileCount })
          : t("workspace.explorer.downloading", { name });
      toast.loading(text, { id, duration });
    } else if (state.status === "complete") toast.success(t("workspace.explorer.downloadDone"), { id, duration });
    else toast.error(t("workspace.explorer.downloadFailed", { reason: state.reason ?? "" }), { id, duration });
  };

  const download = async (node: Pick<FileNode, "path" | "name" | "type"> | null, projectName: string) => {
    if (!projectId) return;
    const id = `workspace-download:${projectId}:${node?.path ?? ""}`;
    if (node && node.type === "file") {
      try {
        await downloadFile(projectId, node.path);
      } catch (error) {
        toast.error(t("workspace.explorer.downloadFailed", { reason: error instanceof Error ? error.message : "" }), { id, duration: 5000 });
      }
      return;
    }
    // Nothing selected downloads the whole project, named after it.
    await downloadFolder(projectId, node?.path ?? "", node?.name ?? projectName, (state) => showProgress(id, state));
  };

  return { uploading, uploadError, dismissUploadError: () => setUploadError(null), upload, download };
}
