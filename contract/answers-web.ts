import type { Commit, CodingProject } from "./workspace";

/**
 * Answers (the envelope's `data`) of routes the SPA reads that had no named type yet; each matches
 * what the Worker sends today.
 */

/** `GET /api/coding-projects`: the projects of the current organization the caller may see. */
export interface ProjectListAnswer {
  projects: CodingProject[];
}

/** `GET /api/coding-projects/{id}/commits`. */
export interface CommitListAnswer {
  commits: Commit[];
}

/** `POST /api/coding-projects/{id}/commit`. */
export interface CommitAnswer {
  hash: string;
  message: string;
}

/** `POST /api/coding-projects/{id}/checkout`. */
export interface CheckoutAnswer {
  hash: string;
}

/** `GET /api/auth/github/status`: whether the public git host can list the configured account. */
export interface GithubAuthStatusAnswer {
  authorized: boolean;
}
