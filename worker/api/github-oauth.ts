import { and, eq, gt } from "drizzle-orm";
import * as v from "valibot";
import {
  GIT_ACCOUNT_TEXTS,
  GITHUB_RETURN_PARAM,
  Id,
  type GithubAccountStatus,
  type GithubAuthorizeAnswer,
  type GithubReturn,
  type XOauthAnswer,
} from "../../contract";
import { getDb, type Db } from "../db/client";
import { session } from "../db/schema";
import type { Env } from "../env";
import { randomState } from "../git-accounts/crypto";
import { authorizeUrl, fetchLogin, githubConfigured, githubWebBase, requestTokens, revokeAtGithub } from "../git-accounts/github-client";
import { serverGithubToken, userGithubToken } from "../git-accounts/github-token";
import { createState, deleteAccount, hasAccount, loadAccount, saveAccount, takeState } from "../git-accounts/store";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireOwnVire } from "../lib/vire-access";
import { readSession, requireUser } from "../lib/session";
import { query } from "../lib/validate";

/**
 * "Authorize GitHub" (spec 03 §7.3): each user connects their own GitHub account over OAuth. The
 * state is random, stored (hashed) with the user and session that asked, short-lived and taken
 * once; the tokens are kept encrypted (worker/git-accounts/) and never leave the server.
 */

/** Where the browser goes back to: a path of this app only (no scheme, no `//host`, no backslash). */
const ReturnTo = v.optional(v.pipe(v.string(), v.maxLength(512), v.regex(/^\/(?![/\\])[^\\\s]*$/, "Invalid returnTo")), "/");
const AuthorizeQuery = v.object({ returnTo: ReturnTo });
const CallbackQuery = v.object({
  code: v.optional(v.pipe(v.string(), v.maxLength(512))),
  state: v.optional(v.pipe(v.string(), v.maxLength(512)), ""),
  error: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
const XOauthQuery = v.object({ agentId: v.pipe(v.optional(v.string(), ""), v.minLength(1, GIT_ACCOUNT_TEXTS.agentRequired), Id) });

/** The callback URL GitHub sends the browser to; the same text is sent again with the code, as GitHub requires. */
function redirectUri(env: Env, requestUrl: string): string {
  const origin = env.BETTER_AUTH_URL?.trim() ? new URL(env.BETTER_AUTH_URL.trim()).origin : new URL(requestUrl).origin;
  return `${origin}/api/auth/github/callback`;
}

function backInApp(returnTo: string, result: GithubReturn): string {
  const url = new URL(returnTo, "http://app.invalid");
  url.searchParams.set(GITHUB_RETURN_PARAM, result);
  return `${url.pathname}${url.search}${url.hash}`;
}

async function sessionAlive(db: Db, sessionId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .limit(1);
  return !!row;
}

async function accountStatus(env: Env, db: Db, userId: string): Promise<GithubAccountStatus> {
  const canAuthorize = githubConfigured(env);
  if (await userGithubToken(env, db, userId))
    return { authorized: true, source: "user", login: (await hasAccount(db, userId, "github"))?.login ?? null, canAuthorize };
  if (serverGithubToken(env)) return { authorized: true, source: "server", login: null, canAuthorize };
  return { authorized: false, source: null, login: null, canAuthorize };
}

/** `/api/auth/github` (mounted before better-auth's catch-all). The callback is reached by GitHub's redirect, so it reads no bearer token. */
export const githubAuthApi = newApp()
  .get("/callback", query(CallbackQuery), async (c) => {
    const { code, state, error } = c.req.valid("query");
    const db = getDb(c.env.DB);
    const taken = state ? await takeState(db, state, "github") : ({ ok: false, reason: "unknown" } as const);
    if (!taken.ok) return c.text(taken.reason === "expired" ? GIT_ACCOUNT_TEXTS.stateExpired : GIT_ACCOUNT_TEXTS.stateInvalid, 400);
    const { userId, sessionId, returnTo } = taken.pending;
    // The session that started must still be signed in, and a browser now signed in as someone else gets nothing.
    const current = await readSession(c).catch(() => null);
    if ((current && current.user.id !== userId) || !(await sessionAlive(db, sessionId, userId))) return c.text(GIT_ACCOUNT_TEXTS.sessionChanged, 400);
    if (error || !code) return c.redirect(backInApp(returnTo, error === "access_denied" ? "denied" : "failed"), 302);
    if (!githubConfigured(c.env)) return c.text(GIT_ACCOUNT_TEXTS.notConfigured, 404);
    const tokens = await requestTokens(c.env, { code, redirectUri: redirectUri(c.env, c.req.url) });
    if (!tokens) return c.redirect(backInApp(returnTo, "failed"), 302);
    await saveAccount(c.env, db, userId, "github", tokens, await fetchLogin(c.env, tokens.accessToken));
    return c.redirect(backInApp(returnTo, "connected"), 302);
  })
  .use(requireUser)
  .get("/authorize", query(AuthorizeQuery), async (c) => {
    if (!githubConfigured(c.env)) throw new ApiError(404, GIT_ACCOUNT_TEXTS.notConfigured);
    const state = randomState();
    await createState(getDb(c.env.DB), state, "github", { userId: c.get("user").id, sessionId: c.get("sessionId"), returnTo: c.req.valid("query").returnTo });
    const url = authorizeUrl(c.env, state, redirectUri(c.env, c.req.url));
    // The app's client sends its session as a bearer header, which a navigation cannot carry: it asks for the URL instead.
    if (c.req.header("accept")?.includes("application/json")) return ok<GithubAuthorizeAnswer>(c, { url });
    return c.redirect(url, 302);
  })
  .get("/status", async (c) => ok<GithubAccountStatus>(c, await accountStatus(c.env, getDb(c.env.DB), c.get("user").id)))
  .delete("/", async (c) => {
    const db = getDb(c.env.DB);
    const userId = c.get("user").id;
    const account = await loadAccount(c.env, db, userId, "github");
    await deleteAccount(db, userId, "github");
    if (account && githubConfigured(c.env)) await revokeAtGithub(c.env, account.accessToken);
    return ok<GithubAccountStatus>(c, await accountStatus(c.env, db, userId));
  });

/** `/api/x-oauth`: whether one of my agents needs me to connect an external (git) account first. */
export const xOauthApi = newApp()
  .use(requireUser)
  .get("/", query(XOauthQuery), async (c) => {
    const db = getDb(c.env.DB);
    const me = c.get("user").id;
    const agent = await requireOwnVire(db, me, c.req.valid("query").agentId);
    const isTestMode = githubWebBase(c.env) !== "https://github.com";
    const needsGit = agent.agentType === "coding_agent" && githubConfigured(c.env);
    const connected = needsGit && (!!(await userGithubToken(c.env, db, me)) || !!serverGithubToken(c.env));
    return ok<XOauthAnswer>(c, { needsAuthorization: needsGit && !connected, isTestMode });
  });
