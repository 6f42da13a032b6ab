import type { Db } from "../db/client";
import type { Env } from "../env";
import { githubConfigured, requestTokens } from "./github-client";
import { deleteAccount, loadAccount, saveAccount, type GitAccount } from "./store";

/** A token this close to its expiry is refreshed first, so it cannot run out during the call. */
const REFRESH_MARGIN_MS = 60_000;

export type GithubCredential = { token: string; source: "user" | "server" };

function expiring(at: Date | null, now: number): boolean {
  return !!at && at.getTime() - REFRESH_MARGIN_MS <= now;
}

/**
 * Exchanges the refresh token for new tokens and stores them. When another request refreshed
 * first (GitHub's refresh tokens are single-use), that request's stored tokens are used instead.
 */
async function refreshed(env: Env, db: Db, userId: string, account: GitAccount): Promise<string | null> {
  const now = Date.now();
  if (!account.refreshToken || !githubConfigured(env) || (account.refreshExpiresAt && account.refreshExpiresAt.getTime() <= now)) return null;
  const tokens = await requestTokens(env, { refreshToken: account.refreshToken });
  if (tokens) {
    await saveAccount(env, db, userId, "github", tokens, null);
    return tokens.accessToken;
  }
  const again = await loadAccount(env, db, userId, "github");
  if (again && again.updatedAt.getTime() > account.updatedAt.getTime() && !expiring(again.expiresAt, now)) return again.accessToken;
  return null;
}

/** The user's own GitHub token, refreshed when it is about to expire; null when not connected (or no longer usable). */
export async function userGithubToken(env: Env, db: Db, userId: string): Promise<string | null> {
  const account = await loadAccount(env, db, userId, "github");
  if (!account) return null;
  if (!expiring(account.expiresAt, Date.now())) return account.accessToken;
  return refreshed(env, db, userId, account);
}

/**
 * GitHub rejected the user's token (revoked, or expired early): refresh it once when possible;
 * otherwise the connection is dropped, so the dialog asks to authorize again.
 */
export async function afterRejection(env: Env, db: Db, userId: string): Promise<string | null> {
  const account = await loadAccount(env, db, userId, "github");
  const token = account ? await refreshed(env, db, userId, account) : null;
  if (!token) await deleteAccount(db, userId, "github");
  return token;
}

/** The server-wide GITHUB_TOKEN, kept as a fallback for listings when a deploy configures one. */
export function serverGithubToken(env: Env): string | null {
  return env.GITHUB_TOKEN?.trim() || null;
}

/** The user's own token first, then the server's fallback. */
export async function githubCredential(env: Env, db: Db, userId: string): Promise<GithubCredential | null> {
  const own = await userGithubToken(env, db, userId);
  if (own) return { token: own, source: "user" };
  const server = serverGithubToken(env);
  return server ? { token: server, source: "server" } : null;
}
