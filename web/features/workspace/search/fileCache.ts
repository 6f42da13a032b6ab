// The project search bar's local file cache (spec 02 §5, §9): file names are matched in the
// browser against the project's file list, kept for up to 10 projects and 24 hours. The agent's
// changes mark a project's list stale, and opening the search bar reloads it in the background.
import type { FileListAnswer } from "../../../../contract";
import { api } from "../../../app/api/client";
import { projectPath } from "../api";
import { PROJECT_SEARCH } from "./searchModel";

interface Entry {
  list: FileListAnswer;
  at: number;
}

/** Per project (most recently used last), one list per hidden-files setting. */
const cache = new Map<string, Map<boolean, Entry>>();
const inFlight = new Map<string, Promise<FileListAnswer>>();

const flightKey = (projectId: string, includeHidden: boolean) => `${projectId}|${includeHidden}`;

function touch(projectId: string): Map<boolean, Entry> {
  const lists = cache.get(projectId) ?? new Map<boolean, Entry>();
  cache.delete(projectId);
  cache.set(projectId, lists);
  while (cache.size > PROJECT_SEARCH.cacheProjects) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return lists;
}

/** The cached list when it is younger than the TTL. */
export function cachedFiles(projectId: string, includeHidden: boolean, now = Date.now()): FileListAnswer | null {
  const entry = cache.get(projectId)?.get(includeHidden);
  if (!entry || now - entry.at > PROJECT_SEARCH.cacheTtlMs) return null;
  return entry.list;
}

/** Fetches the list (one request at a time per project and setting) and caches it. */
export function loadFiles(projectId: string, includeHidden: boolean): Promise<FileListAnswer> {
  const key = flightKey(projectId, includeHidden);
  const running = inFlight.get(key);
  if (running) return running;
  const params = { include_metadata: "false", include_hidden: includeHidden ? "true" : undefined };
  const request = api
    .get<FileListAnswer>(`${projectPath(projectId)}/file-list`, params, { silent: true })
    .then((list) => {
      touch(projectId).set(includeHidden, { list, at: Date.now() });
      return list;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, request);
  return request;
}

/** The list being reloaded (or the cached one if that fails), else the cached one, else a fresh one. */
export function filesFor(projectId: string, includeHidden: boolean): Promise<FileListAnswer> {
  const cached = cachedFiles(projectId, includeHidden);
  const reloading = inFlight.get(flightKey(projectId, includeHidden));
  if (reloading) return cached ? reloading.catch(() => cached) : reloading;
  if (cached) {
    touch(projectId);
    return Promise.resolve(cached);
  }
  return loadFiles(projectId, includeHidden);
}

/** Files were added, renamed or removed: the next search reloads the list. */
export function forgetFiles(projectId: string): void {
  cache.delete(projectId);
}

/** For tests: an empty cache. */
export function clearFileCache(): void {
  cache.clear();
  inFlight.clear();
}

/** The projects whose lists are cached, least recently used first (for tests). */
export function cachedProjects(): string[] {
  return [...cache.keys()];
}
