import { samePrefix } from "../i18n/language";

/**
 * Links to a file of a coding project (spec 03 §2: the project id in a path segment shaped
 * `coding-projects/{id}`, the file in the query parameter `filePath`):
 * `/{locale}/home/coding-projects/{id}?filePath=src/a.ts`. The route that receives one opens the
 * project's chat and leaves the file here; the workspace takes it once that project shows. Shared
 * by the route (web/app) and the workspace feature, which copies such links from its tabs.
 */

export const FILE_PATH_PARAM = "filePath";
const MAX_PATH = 4096;

/**
 * A path inside the project: relative, no `..` step, no NUL, not a Windows drive or UNC path. The
 * server refuses the others too; the browser does not even ask.
 */
export function isSafeProjectPath(path: string): boolean {
  if (!path || path.length > MAX_PATH || path.includes("\0")) return false;
  if (path.startsWith("/") || path.startsWith("\\") || /^[A-Za-z]:/.test(path)) return false;
  const parts = path.split(/[\\/]+/);
  return !parts.includes("..") && parts.some((p) => p !== "" && p !== ".");
}

/** The page path of a project (and file), in the language of `pathname`. */
export function projectFilePath(projectId: string, filePath: string | null, pathname: string): string {
  const base = samePrefix(pathname, `/home/coding-projects/${encodeURIComponent(projectId)}`);
  return filePath ? `${base}?${new URLSearchParams({ [FILE_PATH_PARAM]: filePath })}` : base;
}

/** The full URL to share: this site, the current language. */
export function projectFileLink(projectId: string, filePath: string): string {
  return `${window.location.origin}${projectFilePath(projectId, filePath, window.location.pathname)}`;
}

let pending: { projectId: string; filePath: string } | null = null;

/** The route found the project: its workspace should open this file when it shows. */
export function requestProjectFile(projectId: string, filePath: string): void {
  pending = { projectId, filePath };
}

/** Whether a linked file waits for this project (the workspace then starts on its files, not the chat). */
export function hasRequestedFile(projectId: string | null): boolean {
  return !!projectId && pending?.projectId === projectId;
}

/** The file waiting for this project, handed out once. */
export function takeRequestedFile(projectId: string): string | null {
  if (pending?.projectId !== projectId) return null;
  const { filePath } = pending;
  pending = null;
  return filePath;
}
