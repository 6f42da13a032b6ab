import type { ProjectSearchAnswer } from "../../../../contract";
import { api, ApiError } from "../../../app/api/client";
import { filesFor } from "./fileCache";
import { matchCachedFiles, mergeResults, remoteScopes, requestBody, type FileItem, type SearchGroups, type SearchOptions } from "./searchModel";

export const projectSearchPath = (projectId: string) => `/api/v2/coding-projects/${encodeURIComponent(projectId)}/search`;

/** Why a search did not fully answer; `message` null when the server gave no text (offline). */
export type SearchFailure = { kind: "server"; message: string | null } | { kind: "invalidRegex" };

export interface SearchOutcome {
  groups: SearchGroups;
  failure: SearchFailure | null;
  /** The server stopped at a limit or could not read everything: results may be missing. */
  partial: boolean;
}

/**
 * One search (spec 02 §5): file names from the local cache first, then the server for content
 * and symbols (and for names when the cache is cut short); the answers merge. A failure of the
 * server keeps the local names and reports its message.
 */
export async function runProjectSearch(projectId: string, query: string, options: SearchOptions): Promise<SearchOutcome> {
  let localFiles: FileItem[] | null = null;
  let localComplete = false;
  let failure: SearchFailure | null = null;
  if (options.scopes.files) {
    try {
      const list = await filesFor(projectId, options.includeHidden);
      localFiles = matchCachedFiles(list.files, query, options);
      if (localFiles === null) failure = { kind: "invalidRegex" };
      localComplete = localFiles !== null && !list.truncated;
    } catch {
      // The server matches the names instead.
    }
  }

  const types = remoteScopes(options, localComplete || failure !== null);
  let remote: ProjectSearchAnswer | null = null;
  if (types.length > 0) {
    try {
      remote = await api.post<ProjectSearchAnswer>(projectSearchPath(projectId), requestBody(query, options, types), { silent: true });
      if (!remote.success) failure = { kind: "server", message: remote.errors[0] ?? null };
    } catch (error) {
      if (error instanceof ApiError && error.kind === "cancel") throw error;
      failure = { kind: "server", message: error instanceof Error && error.message ? error.message : null };
    }
  }
  const partial = !!remote?.success && (remote.stats.truncated === true || remote.errors.length > 0);
  return { groups: mergeResults(localFiles, remote), failure, partial };
}
