import type { Commit, FileContent, FileDiff, FileNode, FileTreeAnswer, GitStatus, GitStatusAnswer } from "../../contract";
import { isHiddenName } from "./hidden";

/** What the sandbox host answers (sandbox/README.md), before it becomes the contract's shapes. */
export interface HostTree {
  path: string;
  entries: { name: string; path: string; type: "file" | "directory"; size: number; lastModified: string }[];
}
export interface HostFile {
  fileName: string;
  filePath: string;
  content: string;
  size: number;
  encoding: "utf8" | "base64";
  isText: boolean;
  mimeType: string;
}
export interface HostDiff {
  path: string;
  original: string;
  modified: string;
  existsInHead: boolean;
  existsInWorkingDir: boolean;
}
export interface HostList {
  path: string;
  files: { name: string; path: string; type: "file"; size: number; lastModified: string }[];
  truncated: boolean;
}

export function toFileTree(tree: HostTree): FileTreeAnswer {
  const children: FileNode[] = tree.entries.map((e) => ({
    id: e.path,
    name: e.name,
    path: e.path,
    type: e.type,
    size: e.size,
    lastModified: e.lastModified,
    isHidden: e.path.split("/").some(isHiddenName),
  }));
  return { path: tree.path, children };
}

/** `file-list`: every file; without metadata only what a name search needs. */
export function toFileList(list: HostList, withMetadata: boolean) {
  const files = list.files.map((f) => {
    const isHidden = f.path.split("/").some(isHiddenName);
    return withMetadata ? { ...f, isHidden } : { name: f.name, path: f.path, type: f.type, isHidden };
  });
  return { files, total: files.length, truncated: list.truncated };
}

export function toFileContent(f: HostFile): FileContent {
  return {
    success: true,
    fileName: f.fileName,
    filePath: f.filePath,
    size: f.size,
    mimeType: f.mimeType,
    isText: f.isText,
    encoding: f.encoding,
    content: f.content,
    error: null,
  };
}

/** HEAD against the working copy; `content` is HEAD's text when the original is asked for. */
export function toFileDiff(d: HostDiff, getOriginal: boolean): FileDiff {
  const original = d.existsInHead ? d.original : null;
  const modified = d.existsInWorkingDir ? d.modified : null;
  return {
    filePath: d.path,
    original,
    modified,
    content: getOriginal ? original : modified,
    existsInHead: d.existsInHead,
    existsInWorkingDir: d.existsInWorkingDir,
  };
}

export function toGitStatusAnswer(s: GitStatus): GitStatusAnswer {
  return { success: true, status: { branch: s.branch, files: s.files, hasChanges: s.hasChanges, hasRemote: s.hasRemote }, error: null };
}

/** Spec 03 §4: a failed status falls back to a clean tree on main, with the reason. */
export function fallbackGitStatus(error: string): GitStatusAnswer {
  return { success: false, status: { branch: "main", files: [], hasChanges: false, hasRemote: false }, error };
}

export function toCommits(commits: Commit[]): { commits: Commit[] } {
  return { commits: commits.map(({ hash, message, author, date }) => ({ hash, message, author, date })) };
}
