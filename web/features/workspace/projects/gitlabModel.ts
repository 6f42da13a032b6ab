import type { GitLabRepo } from "./importTypes";

/** The fallback group, always sorted last (spec 03 §9). */
export const PERSONAL_GROUP = "Personal Projects";
export const DEFAULT_GITLAB_URL = "https://gitlab.com";
export const GITLAB_LOGIN_KEY = "gitlab-login-settings";

export interface GitLabGroup {
  name: string;
  repositories: GitLabRepo[];
}

/** The namespace path of a repository URL: `https://host/a/b/repo(.git)` -> `a/b`. */
function namespaceFromUrl(url: string | null): string | null {
  if (!url) return null;
  try {
    const parts = new URL(url).pathname.replace(/\.git$/, "").split("/").filter(Boolean);
    return parts.length > 1 ? parts.slice(0, -1).join("/") : null;
  } catch {
    return null;
  }
}

export function repoGroup(repo: GitLabRepo, username: string): string {
  const ns = repo.namespace;
  if (ns && typeof ns === "object" && ns.kind === "user") return PERSONAL_GROUP;
  const explicit = typeof ns === "string" ? ns : (ns?.full_path ?? ns?.name ?? null);
  const name = repo.group || explicit || namespaceFromUrl(repo.landing_url ?? repo.http_repo_url);
  if (!name || name.toLowerCase() === username.trim().toLowerCase()) return PERSONAL_GROUP;
  return name;
}

const activity = (repo: GitLabRepo) => {
  const time = repo.last_activity_at ? Date.parse(repo.last_activity_at) : NaN;
  return Number.isNaN(time) ? 0 : time;
};

/** Groups by namespace, alphabetically with Personal Projects last; repositories newest activity first. */
export function groupRepositories(repos: readonly GitLabRepo[], username: string): GitLabGroup[] {
  const groups = new Map<string, GitLabRepo[]>();
  for (const repo of repos) {
    const name = repoGroup(repo, username);
    groups.set(name, [...(groups.get(name) ?? []), repo]);
  }
  return [...groups]
    .map(([name, list]) => ({ name, repositories: [...list].sort((a, b) => activity(b) - activity(a)) }))
    .sort((a, b) => (a.name === PERSONAL_GROUP ? 1 : b.name === PERSONAL_GROUP ? -1 : a.name.localeCompare(b.name)));
}

export interface SavedLogin {
  username: string;
  serverUrl: string;
}

/** 'Remember me' keeps the username and server URL, never the password (spec 03 §7.6). */
export function readSavedLogin(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): SavedLogin | null {
  try {
    const parsed = JSON.parse(storage?.getItem(GITLAB_LOGIN_KEY) ?? "null") as Partial<SavedLogin> | null;
    if (!parsed || typeof parsed.username !== "string" || typeof parsed.serverUrl !== "string") return null;
    return { username: parsed.username, serverUrl: parsed.serverUrl };
  } catch {
    return null;
  }
}

export function saveLogin(login: SavedLogin | null, storage: Pick<Storage, "setItem" | "removeItem"> | undefined = globalThis.localStorage): void {
  try {
    if (login) storage?.setItem(GITLAB_LOGIN_KEY, JSON.stringify(login));
    else storage?.removeItem(GITLAB_LOGIN_KEY);
  } catch {
    // Blocked storage: the form simply starts empty next time.
  }
}

export type SignInProblem = "needCredentials" | "needServer" | null;

/** Client checks before sign-in (spec 03 §5). */
export function signInProblem(serverUrl: string, username: string, password: string): SignInProblem {
  if (!username.trim() || !password) return "needCredentials";
  if (!serverUrl.trim()) return "needServer";
  return null;
}

/** The server's English sign-in errors (worker/api/git-hosts.ts), shown in the user's language. */
const SERVER_ERRORS: Record<string, "authFailed" | "network" | "reposFailed" | "needCredentials" | "needServer" | "addressNotAllowed"> = {
  "Authentication failed": "authFailed",
  "Network connection failed, please check if the server URL is correct": "network",
  "Failed to fetch repository list": "reposFailed",
  "Please enter username and password": "needCredentials",
  "Please enter server URL": "needServer",
  // Private, loopback and internal addresses are refused before any connection (issue 9 finding 8).
  "This server address is not allowed": "addressNotAllowed",
};

/** The i18n key (under `workspace.gitlab`) for a known server error; other texts are shown as they are. */
export function gitlabErrorKey(message: string): string | null {
  return SERVER_ERRORS[message.trim()] ?? null;
}
