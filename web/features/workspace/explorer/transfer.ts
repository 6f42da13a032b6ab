import { apiHeaders, readJson, serverMessage } from "../../../app/api/headers";
import { uploadWithProgress } from "../../../app/api/upload";
import { projectPath } from "../api";
import { advanceDownload, archiveName, numericHeader, startDownload, type DownloadProgress } from "./downloadProgress";
import { joinPath } from "./treeModel";

/** Raw downloads bypass the envelope client but carry the same session headers. */
async function rawFetch(url: string): Promise<Response> {
  const response = await fetch(url, { headers: apiHeaders(false), credentials: "include" });
  if (!response.ok) {
    const payload = await readJson(response);
    throw new Error(serverMessage(payload) ?? (response.statusText || `HTTP ${response.status}`));
  }
  return response;
}

/** Hands a blob to the browser as a file download. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function baseName(path: string): string {
  return path.split("/").pop() || path;
}

/** `GET …/file-raw?filePath=`: the selected file as it is on disk. */
export async function downloadFile(projectId: string, filePath: string): Promise<void> {
  const response = await rawFetch(`${projectPath(projectId)}/file-raw?filePath=${encodeURIComponent(filePath)}`);
  saveBlob(await response.blob(), baseName(filePath));
}

/**
 * `GET …/folder-download?folderPath=`: a tar.gz of the folder. Reports preparing, then downloading
 * with X-Folder-Size / X-File-Count once the headers arrive, then complete or error.
 */
export async function downloadFolder(projectId: string, folderPath: string, folderName: string, onProgress: (state: DownloadProgress) => void): Promise<void> {
  let state = startDownload(folderName);
  const emit = (next: DownloadProgress) => {
    state = next;
    onProgress(state);
  };
  emit(state);
  try {
    const response = await rawFetch(`${projectPath(projectId)}/folder-download?folderPath=${encodeURIComponent(folderPath)}`);
    emit(
      advanceDownload(state, {
        type: "headers",
        size: numericHeader(response.headers.get("X-Folder-Size")),
        fileCount: numericHeader(response.headers.get("X-File-Count")),
      }),
    );
    const blob = await response.blob();
    saveBlob(blob, archiveName(response.headers.get("Content-Disposition"), folderName));
    emit(advanceDownload(state, { type: "done" }));
  } catch (error) {
    emit(advanceDownload(state, { type: "failed", reason: error instanceof Error && error.message ? error.message : "Network error" }));
  }
}

/** `POST …/file-upload`: multipart file, file_path (the new file's path), overwrite=true (spec 03 §7.1). */
export function uploadFile(projectId: string, folder: string, file: File): Promise<unknown> {
  const form = new FormData();
  form.append("file", file, file.name);
  form.append("file_path", joinPath(folder, file.name));
  form.append("overwrite", "true");
  return uploadWithProgress({ url: `${projectPath(projectId)}/file-upload`, body: form });
}

/** Sizes for tooltips and the download toast. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "-";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
