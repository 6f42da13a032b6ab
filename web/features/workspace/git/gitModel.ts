import type { GitFileStatus, GitStatus } from "../../../../contract";

/** Status colours shared by the explorer and the changed-files list (spec 03 §2.2, §2.3). */
export const STATUS_COLORS: Record<GitFileStatus, string> = {
  added: "#1f7a3d",
  modified: "#c2410c",
  deleted: "#c62828",
  renamed: "#2f5fdc",
  copied: "#2f5fdc",
  untracked: "#0f766e",
};

/** The one-letter badge next to a changed file. */
export const STATUS_LETTERS: Record<GitFileStatus, string> = {
  added: "A",
  modified: "M",
  deleted: "D",
  renamed: "R",
  copied: "C",
  untracked: "U",
};

export function statusColor(status: GitFileStatus | null | undefined): string | undefined {
  return status ? STATUS_COLORS[status] : undefined;
}

export const SHORT_HASH_LENGTH = 8;
export const MESSAGE_PREVIEW_LENGTH = 50;

export function shortHash(hash: string): string {
  return hash.slice(0, SHORT_HASH_LENGTH);
}

/** The first line of a commit message, cut to 50 characters (spec 03 §9). */
export function messagePreview(message: string): string {
  const line = message.split("\n")[0]?.trim() ?? "";
  return line.length > MESSAGE_PREVIEW_LENGTH ? `${line.slice(0, MESSAGE_PREVIEW_LENGTH)}...` : line;
}

/** The git section under the tree: 100-400 px, default 200, remembered (spec 03 §9, §7.6). */
export const GIT_SECTION = { min: 100, max: 400, default: 200, storageKey: "left-panel-git-section-height" } as const;

export function clampSectionHeight(value: number): number {
  if (!Number.isFinite(value)) return GIT_SECTION.default;
  return Math.round(Math.min(GIT_SECTION.max, Math.max(GIT_SECTION.min, value)));
}

export function readSectionHeight(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): number {
  try {
    const raw = storage?.getItem(GIT_SECTION.storageKey);
    return raw ? clampSectionHeight(Number(raw)) : GIT_SECTION.default;
  } catch {
    return GIT_SECTION.default;
  }
}

export function saveSectionHeight(value: number, storage: Pick<Storage, "setItem"> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(GIT_SECTION.storageKey, String(clampSectionHeight(value)));
  } catch {
    // The height simply is not remembered.
  }
}

/** A branch named 'master' switches to main on the first commit (spec 03 §4). */
export function isMasterBranch(branch: string | null | undefined): boolean {
  return branch === "master";
}

/** The chat message that asks the coding agent to commit (spec 03 §4): it pushes too when there is a remote. */
export function agentCommitCommand(status: Pick<GitStatus, "hasRemote">): string {
  return status.hasRemote ? "git commit & git push" : "git commit";
}

/** A failed status falls back to an empty one on branch main (spec 03 §4). */
export const FALLBACK_STATUS: GitStatus = { branch: "main", files: [], hasChanges: false, hasRemote: false };
