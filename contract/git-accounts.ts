/**
 * Git host accounts a user connects (spec 03 §7.3): GitHub over OAuth. The tokens stay on the
 * server; the browser only learns whether an account is connected and under which login.
 */

/** `GET /api/auth/github/status`. */
export interface GithubAccountStatus {
  /** Repositories can be listed: the user's own account, or the server's fallback token. */
  authorized: boolean;
  /** Whose token lists: the user's own, the server's GITHUB_TOKEN (a deploy's fallback), or none. */
  source: "user" | "server" | null;
  /** The connected account's GitHub login, when GitHub told it. */
  login: string | null;
  /** The server has a GitHub OAuth app, so 'Authorize GitHub' can work. */
  canAuthorize: boolean;
}

/** `GET /api/auth/github/authorize` asked for JSON (`accept: application/json`): where to send the browser. */
export interface GithubAuthorizeAnswer {
  url: string;
}

/** The query the OAuth callback's redirect back into the app carries: `?github=connected|denied|failed`. */
export const GITHUB_RETURN_PARAM = "github";
export type GithubReturn = "connected" | "denied" | "failed";

/** `GET /api/x-oauth?agentId=`. */
export interface XOauthAnswer {
  /** The agent works on git repositories and the user has no GitHub account it could use yet. */
  needsAuthorization: boolean;
  /** The OAuth endpoints are not GitHub's own (a stand-in, as in tests and local development). */
  isTestMode: boolean;
}

/** Texts of the GitHub connection (spec 03 §7.3; the callback's pages are plain text). */
export const GIT_ACCOUNT_TEXTS = {
  notConfigured: "GitHub authorization is not configured on this server",
  stateInvalid: "This GitHub authorization link is invalid or was already used. Please start again from 'Authorize GitHub'.",
  stateExpired: "This GitHub authorization has expired. Please start again from 'Authorize GitHub'.",
  sessionChanged: "You signed in as someone else since starting this GitHub authorization. Please start again from 'Authorize GitHub'.",
  notConnected: "GitHub is not connected: please authorize GitHub first",
  agentRequired: "agentId is required",
} as const;
