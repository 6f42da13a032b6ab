// The viewer's calls (contract/workspace.ts): file content and diff through SWR, saving through
// the shared client, raw bytes for the file preview with the session token.
import useSWR, { mutate } from "swr";
import type { FileContent, FileDiff } from "../../../../contract/workspace";
import { ApiError, api } from "../../../app/api/client";
import { apiHeaders } from "../../../app/api/headers";
import { silentFetcher, type ApiKey } from "../../../app/api/swr";
import { docKey, isDirty, useDocumentsStore } from "./documents";
import { refreshGitStatus } from "./gitStatus";

const base = (projectId: string) => `/api/coding-projects/${encodeURIComponent(projectId)}`;

export const fileContentKey = (projectId: string, filePath: string): ApiKey => [`${base(projectId)}/file-content`, { filePath }];
export const fileDiffKey = (projectId: string, filePath: string): ApiKey => [
  `${base(projectId)}/file-diff`,
  { filePath, fromCommit: "HEAD", toCommit: "workingDir", getOriginal: true },
];
export const fileRawUrl = (projectId: string, filePath: string) => `${base(projectId)}/file-raw?${new URLSearchParams({ filePath })}`;

/** The text of a failed load or save; the client leaves a network failure without one. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || fallback;
  return fallback;
}

export function useFileContent(projectId: string, filePath: string, enabled = true) {
  return useSWR<FileContent>(enabled ? fileContentKey(projectId, filePath) : null, silentFetcher, { shouldRetryOnError: false });
}

export function useFileDiff(projectId: string, filePath: string, enabled: boolean) {
  return useSWR<FileDiff>(enabled ? fileDiffKey(projectId, filePath) : null, silentFetcher, { shouldRetryOnError: false });
}

export type SaveResult = { ok: true } | { ok: false; reason: string } | { ok: "skipped" };

/**
 * Saves the draft of a file. Spec 03 §5: skipped when read-only, while a save runs, or when
 * nothing changed. Success moves the baseline, updates the cached content and refreshes git status.
 */
export async function saveFile(projectId: string, filePath: string, canEdit: boolean): Promise<SaveResult> {
  const key = docKey(projectId, filePath);
  const doc = useDocumentsStore.getState().get(key);
  if (!doc || !canEdit || doc.saving || !isDirty(doc)) return { ok: "skipped" };
  const content = doc.draft;
  useDocumentsStore.getState().saveStarted(key);
  try {
    await api.post(`${base(projectId)}/file-content`, { file_content: content }, { params: { filePath }, silent: true });
  } catch (error) {
    // Empty for a network failure: the viewer words that in the user's language.
    const reason = errorText(error, "");
    useDocumentsStore.getState().saveFailed(key, reason);
    return { ok: false, reason };
  }
  useDocumentsStore.getState().saveSucceeded(key, content);
  const contentKey = fileContentKey(projectId, filePath);
  void mutate(contentKey, (cached: FileContent | undefined) => (cached ? { ...cached, content, size: content.length } : cached), { revalidate: false });
  refreshGitStatus(projectId);
  return { ok: true };
}

/** The session headers without `Accept: application/json`: the answer is the file's bytes. */
function rawHeaders(): Record<string, string> {
  const { Accept: _json, ...headers } = apiHeaders(false);
  return headers;
}

/** The raw bytes with the session headers (the file preview types them itself before showing them). */
export async function fetchRaw(projectId: string, filePath: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(fileRawUrl(projectId, filePath), { headers: rawHeaders(), credentials: "include", signal });
  if (!response.ok) throw new Error(response.statusText || `HTTP ${response.status}`);
  return response.blob();
}

/** Saves a file to the user's disk (the bytes are fetched with the session headers). */
export async function downloadRaw(projectId: string, filePath: string, fileName: string): Promise<void> {
  const url = URL.createObjectURL(await fetchRaw(projectId, filePath));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
