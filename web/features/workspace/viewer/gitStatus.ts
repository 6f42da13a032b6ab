// Git status as the viewer reads it: the same SWR key as the explorer's git section, so a save
// here (which mutates the key) refreshes both.
import useSWR, { mutate } from "swr";
import type { GitFileStatus, GitStatus, GitStatusAnswer } from "../../../../contract/workspace";
import { silentFetcher } from "../../../app/api/swr";
import { normalizePath } from "./tabsStore";

export const gitStatusKey = (projectId: string) => `/api/coding-projects/${encodeURIComponent(projectId)}/git-status`;

/** Spec 03 §4 "Git": a failed status falls back to a default with branch main. */
export const DEFAULT_GIT_STATUS: GitStatus = { branch: "main", files: [], hasChanges: false, hasRemote: false };

export function normalizeGitStatus(answer: GitStatusAnswer | undefined | null): GitStatus {
  const status = answer?.success ? answer.status : null;
  if (!status) return DEFAULT_GIT_STATUS;
  return {
    branch: status.branch || "main",
    files: Array.isArray(status.files) ? status.files : [],
    hasChanges: !!status.hasChanges,
    hasRemote: !!status.hasRemote,
  };
}

export function statusOf(status: GitStatus, filePath: string): GitFileStatus | null {
  const path = normalizePath(filePath);
  return status.files.find((f) => normalizePath(f.filePath) === path)?.status ?? null;
}

export interface ChangeCounts {
  modified: number;
  added: number;
  deleted: number;
}

/** The popover's three counts: new files count as added, renames and copies as modified. */
export function countChanges(files: GitStatus["files"]): ChangeCounts {
  const counts: ChangeCounts = { modified: 0, added: 0, deleted: 0 };
  for (const { status } of files) {
    if (status === "added" || status === "untracked") counts.added += 1;
    else if (status === "deleted") counts.deleted += 1;
    else counts.modified += 1;
  }
  return counts;
}

/** One-letter badge of a status, as editors show it. */
export const STATUS_LETTER: Record<GitFileStatus, string> = { modified: "M", added: "A", untracked: "U", deleted: "D", renamed: "R", copied: "C" };

export function useGitStatus(projectId: string | null): GitStatus {
  const { data } = useSWR<GitStatusAnswer>(projectId ? gitStatusKey(projectId) : null, silentFetcher);
  return normalizeGitStatus(data);
}

export function refreshGitStatus(projectId: string): void {
  void mutate(gitStatusKey(projectId));
}
