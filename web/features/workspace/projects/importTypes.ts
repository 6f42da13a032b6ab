/**
 * Repository import shapes (spec 03 §3, §7.3). contract/workspace.ts does not type these routes,
 * so the fields the spec names are listed here and everything else is optional.
 */

/** A public git host repository (`GET /api/github/repositories`). */
export interface GitHubRepo {
  id: number | string;
  name: string;
  description: string | null;
  owner: { login: string };
  clone_url: string;
  ssh_url: string;
  private: boolean;
  language: string | null;
  stargazers_count: number;
}

/** A self-hosted git repository (`POST /api/gitlab-proxy/repositories`). */
export interface GitLabRepo {
  id: number | string;
  name: string;
  description: string | null;
  landing_url: string | null;
  ssh_repo_url: string | null;
  http_repo_url: string | null;
  default_branch: string | null;
  last_activity_at: string | null;
  /** Not in the spec's list; used for grouping when the server sends it. */
  namespace?: { name?: string; full_path?: string; kind?: string } | string | null;
  group?: string | null;
}

/** `POST /api/gitlab-proxy/auth` body, without the fixed grantType. */
export interface GitLabSignIn {
  serverUrl: string;
  username: string;
  password: string;
}

/** `POST /api/gitlab-proxy/auth` answer. */
export interface GitLabAuth {
  success?: boolean;
  access_token: string;
  authType: string;
  refresh_token: string | null;
  user?: { email?: string | null } | null;
  error?: string | null;
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
