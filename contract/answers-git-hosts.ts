/**
 * Answers of the repository import routes (spec 03 §3, §7.3): a self-hosted GitLab the user signs
 * in to, and the public host (GitHub) through the server's token.
 */

/** `POST /api/gitlab-proxy/auth`. */
export interface GitlabAuthAnswer {
  success: true;
  access_token: string;
  authType: "oauth";
  refresh_token: string | null;
  user: { email: string | null; username: string | null; name: string | null };
}
export interface GitlabRepository {
  id: number;
  name: string;
  description: string;
  landing_url: string;
  ssh_repo_url: string;
  http_repo_url: string;
  default_branch: string;
  last_activity_at: string;
  /** The namespace's full path, or 'Personal Projects' for the user's own namespace. */
  group: string;
}
/** `POST /api/gitlab-proxy/repositories`; `groups` is in display order ('Personal Projects' last). */
export interface GitlabReposAnswer {
  success: true;
  repositories: GitlabRepository[];
  groups: string[];
}
export interface GithubRepository {
  id: number;
  name: string;
  full_name: string;
  description: string | null;
  owner: { login: string };
  clone_url: string;
  ssh_url: string;
  html_url: string;
  private: boolean;
  language: string | null;
  stargazers_count: number;
  default_branch: string;
  updated_at: string | null;
}

/** `GET /api/github/repositories`: the configured account's repositories, or a search of public ones. */
export interface GithubReposAnswer {
  repositories: GithubRepository[];
}

/** `GET /api/auth/github/status`: whether the server has a GITHUB_TOKEN to list with. */
export interface GithubStatusAnswer {
  authorized: boolean;
}
