import type { Env } from "../env";
import { boundedJson, outboundFetch } from "../lib/outbound";

/**
 * GitHub's OAuth protocol as an OAuth app (or a GitHub App with expiring user tokens) speaks it:
 * the authorize page and the token endpoint on the web host, the user and revocation on the API.
 * The hosts are configuration (GITHUB_OAUTH_URL, GITHUB_API_URL), so tests point them at a fake.
 */

export const GITHUB_SCOPES = "repo read:user";
export const USER_AGENT = "teamchat-import";

export function githubConfigured(env: Env): boolean {
  return !!env.GITHUB_CLIENT_ID?.trim() && !!env.GITHUB_CLIENT_SECRET?.trim();
}

/** GitHub's web host, without trailing slash (default https://github.com). */
export function githubWebBase(env: Env): string {
  return (env.GITHUB_OAUTH_URL?.trim() || "https://github.com").replace(/\/+$/, "");
}

export function githubApiBase(env: Env): string {
  return (env.GITHUB_API_URL?.trim() || "https://api.github.com").replace(/\/+$/, "");
}

export function githubApiHeaders(token: string | null): Record<string, string> {
  return {
    accept: "application/vnd.github+json",
    "user-agent": USER_AGENT,
    "x-github-api-version": "2022-11-28",
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

export function authorizeUrl(env: Env, state: string, redirectUri: string): string {
  const params = new URLSearchParams({ client_id: env.GITHUB_CLIENT_ID!.trim(), redirect_uri: redirectUri, scope: GITHUB_SCOPES, state });
  return `${githubWebBase(env)}/login/oauth/authorize?${params}`;
}

/** What the token endpoint granted; times are absolute (ms), null when the token does not expire. */
export interface GrantedTokens {
  accessToken: string;
  scope: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  refreshExpiresAt: Date | null;
}

interface TokenAnswer {
  access_token?: unknown;
  token_type?: unknown;
  scope?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  refresh_token_expires_in?: unknown;
  error?: unknown;
}

const after = (seconds: unknown, now: number) => (typeof seconds === "number" && seconds > 0 ? new Date(now + seconds * 1000) : null);

/**
 * POST to the token endpoint: `code` (with the redirect URI) or a refresh token. Null for every
 * failure (refused, unreachable, not JSON): the caller has one thing to say either way, and no
 * answer of GitHub's (which could echo what was sent) is passed on.
 */
export async function requestTokens(env: Env, grant: { code: string; redirectUri: string } | { refreshToken: string }): Promise<GrantedTokens | null> {
  const form = new URLSearchParams({ client_id: env.GITHUB_CLIENT_ID!.trim(), client_secret: env.GITHUB_CLIENT_SECRET!.trim() });
  if ("code" in grant) {
    form.set("code", grant.code);
    form.set("redirect_uri", grant.redirectUri);
  } else {
    form.set("grant_type", "refresh_token");
    form.set("refresh_token", grant.refreshToken);
  }
  const now = Date.now();
  let answer: TokenAnswer | null = null;
  try {
    const res = await outboundFetch(env, `${githubWebBase(env)}/login/oauth/access_token`, {
      method: "POST",
      // Without this accept GitHub answers form-encoded.
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", "user-agent": USER_AGENT },
      body: form.toString(),
    });
    answer = res.ok ? await boundedJson<TokenAnswer>(res) : null;
  } catch {
    return null;
  }
  if (!answer || answer.error || typeof answer.access_token !== "string" || !answer.access_token) return null;
  if (typeof answer.token_type === "string" && answer.token_type.toLowerCase() !== "bearer") return null;
  return {
    accessToken: answer.access_token,
    scope: typeof answer.scope === "string" ? answer.scope : "",
    refreshToken: typeof answer.refresh_token === "string" && answer.refresh_token ? answer.refresh_token : null,
    expiresAt: after(answer.expires_in, now),
    refreshExpiresAt: after(answer.refresh_token_expires_in, now),
  };
}

/** The account's login, or null when GitHub does not tell (the connection still works without it). */
export async function fetchLogin(env: Env, token: string): Promise<string | null> {
  try {
    const res = await outboundFetch(env, `${githubApiBase(env)}/user`, { headers: githubApiHeaders(token) });
    const me = res.ok ? await boundedJson<{ login?: unknown }>(res) : null;
    return typeof me?.login === "string" ? me.login.slice(0, 100) : null;
  } catch {
    return null;
  }
}

/** Tells GitHub to revoke the token (best effort: disconnecting here never waits on GitHub's answer). */
export async function revokeAtGithub(env: Env, token: string): Promise<void> {
  const id = env.GITHUB_CLIENT_ID!.trim();
  const basic = btoa(`${id}:${env.GITHUB_CLIENT_SECRET!.trim()}`);
  try {
    const res = await outboundFetch(env, `${githubApiBase(env)}/applications/${encodeURIComponent(id)}/token`, {
      method: "DELETE",
      headers: { ...githubApiHeaders(null), authorization: `Basic ${basic}`, "content-type": "application/json" },
      body: JSON.stringify({ access_token: token }),
    });
    await res.body?.cancel();
  } catch {
    // Unreachable: the token is gone from here all the same.
  }
}
