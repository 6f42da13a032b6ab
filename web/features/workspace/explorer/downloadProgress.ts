/**
 * The folder download toast (spec 03 §3 "Download progress", §8): preparing while the server
 * builds the archive, downloading once the headers arrive, then completed (3 s) or failed (5 s).
 */

export type DownloadStatus = "preparing" | "downloading" | "complete" | "error";

export interface DownloadProgress {
  folderName: string;
  status: DownloadStatus;
  /** Bytes and file count from X-Folder-Size / X-File-Count, when known. */
  size: number | null;
  fileCount: number | null;
  /** The failure reason, for `error`. */
  reason: string | null;
}

export type DownloadEvent = { type: "headers"; size: number | null; fileCount: number | null } | { type: "done" } | { type: "failed"; reason: string };

export function startDownload(folderName: string): DownloadProgress {
  return { folderName, status: "preparing", size: null, fileCount: null, reason: null };
}

/** Finished downloads ignore later events, so a late failure never overwrites 'Download completed!'. */
export function advanceDownload(state: DownloadProgress, event: DownloadEvent): DownloadProgress {
  if (state.status === "complete" || state.status === "error") return state;
  switch (event.type) {
    case "headers":
      return { ...state, status: "downloading", size: event.size, fileCount: event.fileCount };
    case "done":
      return { ...state, status: "complete" };
    case "failed":
      return { ...state, status: "error", reason: event.reason };
  }
}

export const DOWNLOAD_TOAST_MS = { complete: 3000, error: 5000 } as const;

/** How long the toast stays: until replaced while running, then 3 s or 5 s. */
export function toastDuration(status: DownloadStatus): number {
  if (status === "complete") return DOWNLOAD_TOAST_MS.complete;
  if (status === "error") return DOWNLOAD_TOAST_MS.error;
  return Infinity;
}

/** Reads a numeric header such as X-Folder-Size; absent or malformed gives null. */
export function numericHeader(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : null;
}

/** File names from Content-Disposition, else `{folder}.tar.gz`. */
export function archiveName(disposition: string | null, folderName: string): string {
  const match = disposition && /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (match?.[1]) {
    try {
      return decodeURIComponent(match[1]);
    } catch {
      return match[1];
    }
  }
  return `${folderName || "project"}.tar.gz`;
}
