import type { GitlabReposAnswer, GitlabRepository } from "../../../../contract";

export const DEFAULT_GITLAB_URL = "https://gitlab.com";
export const GITLAB_LOGIN_KEY = "gitlab-login-settings";

/** `POST /api/gitlab-proxy/auth` body, without the fixed grantType. */
export interface GitLabSignIn {
  serverUrl: string;
  username: string;
  password: string;
}

/** The auth held client-side after sign-in (spec 03 §3). */
export interface GitLabSession {
  token: string;
  auth: string;
  authType: string;
  refreshToken: string | null;
  username: string;
  email: string | null;
  serverUrl: string;
}

export interface GitLabGroup {
  name: string;
  repositories: GitlabRepository[];
}

/**
 * The server names each repository's group (its namespace, or 'Personal Projects' for the user's
 * own) and lists the groups in display order (spec 03 §9), repositories newest activity first.
 */
export function groupRepositories(answer: GitlabReposAnswer): GitLabGroup[] {
  return answer.groups.map((name) => ({ name, repositories: answer.repositories.filter((repo) => repo.group === name) }));
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
  // Private, loopback and internal addresses are refused before any connection.
  "This server address is not allowed": "addressNotAllowed",
};

/** The i18n key (under `workspace.gitlab`) for a known server error; other texts are shown as they are. */
export function gitlabErrorKey(message: string): string | null {
  return SERVER_ERRORS[message.trim()] ?? null;
}
