import * as v from "valibot";
import {
  GIT_ACCOUNT_TEXTS,
  type GithubRepository,
  type GithubReposAnswer,
  type GitlabAuthAnswer,
  type GitlabReposAnswer,
  type GitlabRepository,
} from "../../contract";
import { getDb, type Db } from "../db/client";
import type { Env } from "../env";
import { githubApiBase, githubApiHeaders } from "../git-accounts/github-client";
import { afterRejection, githubCredential, type GithubCredential } from "../git-accounts/github-token";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { json, query } from "../lib/validate";
import { ADDRESS_NOT_ALLOWED, AddressNotAllowed, boundedJson, checkOutboundUrl, outboundFetch, settleFailure } from "../lib/outbound";

/**
 * Listings for repository import (spec 03 §7.3): a self-hosted GitLab the user signs in to, and
 * the public host (GitHub) through the user's connected account (or a server-wide GITHUB_TOKEN as
 * fallback). The Worker makes these calls so the browser needs no CORS from the git host; only the
 * user's own credentials (or the token configured for GitHub) ever leave, never a cookie or
 * another secret of ours.
 *
 * Status codes: the GitLab server is the user's input, so everything that goes wrong with it is a
 * 400 with the spec's text (and never a 401, which our client reads as "your session ended").
 * GitHub is our configuration, so its failures are 502.
 */

/** GitLab pages of 100; ten pages is plenty for a picker. */
const MAX_PAGES = 10;

export const GIT_HOST_TEXTS = {
  credentialsRequired: "Please enter username and password",
  serverRequired: "Please enter server URL",
  serverInvalid: "Server URL must start with http:// or https://",
  authFailed: "Authentication failed",
  network: "Network connection failed, please check if the server URL is correct",
  listFailed: "Failed to fetch repository list",
  searchRequired: "Please enter search keywords",
  githubFailed: "Failed to fetch repositories",
  searchFailed: "Search failed, please try again",
  githubNotAuthorized: GIT_ACCOUNT_TEXTS.notConnected,
  addressNotAllowed: ADDRESS_NOT_ALLOWED,
} as const;

export const PERSONAL_GROUP = "Personal Projects";

const Text = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max)), "");
const GitlabAuthBody = v.object({ serverUrl: Text(2048), username: Text(255), password: Text(1024), grantType: v.optional(v.literal("password"), "password") });
const GitlabReposBody = v.object({
  serverUrl: Text(2048),
  auth: v.pipe(v.optional(v.string(), ""), v.minLength(1, "Please sign in first"), v.maxLength(4096)),
  authType: v.optional(v.picklist(["oauth", "private_token"]), "oauth"),
});
const GithubReposQuery = v.object({ type: v.optional(v.picklist(["user"])), search: v.optional(v.pipe(v.string(), v.maxLength(256))) });

/**
 * The server's base URL without trailing slash, query or fragment; only http(s), no embedded
 * credentials, and only an address we may contact (decided before any connection).
 */
export function serverBase(env: Env, raw: string): string {
  const text = raw.trim();
  if (!text) throw new ApiError(400, GIT_HOST_TEXTS.serverRequired);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ApiError(400, GIT_HOST_TEXTS.serverInvalid);
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) throw new ApiError(400, GIT_HOST_TEXTS.serverInvalid);
  try {
    checkOutboundUrl(env, url);
  } catch {
    throw new ApiError(400, GIT_HOST_TEXTS.addressNotAllowed);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/**
 * A call to a git host: any failure to get an answer is `null` (why is not told: that would tell
 * ports apart); a redirect to an address we may not contact is the 400 of a refused address.
 */
async function reach(env: Env, url: string, init: RequestInit): Promise<Response | null> {
  try {
    return await outboundFetch(env, url, init);
  } catch (err) {
    if (err instanceof AddressNotAllowed) throw new ApiError(400, GIT_HOST_TEXTS.addressNotAllowed);
    return null;
  }
}

const jsonOf = boundedJson;

/** The self-hosted server gave no usable answer: one text, one status, after one fixed time. */
async function unreachable(env: Env, startedAt: number): Promise<never> {
  await settleFailure(env, startedAt);
  throw new ApiError(400, GIT_HOST_TEXTS.network);
}

function gitlabHeaders(auth: string, authType: "oauth" | "private_token"): Record<string, string> {
  return { accept: "application/json", ...(authType === "oauth" ? { authorization: `Bearer ${auth}` } : { "private-token": auth }) };
}

interface GitlabProject {
  id: number;
  name: string;
  description: string | null;
  web_url: string;
  ssh_url_to_repo: string;
  http_url_to_repo: string;
  default_branch: string | null;
  last_activity_at: string;
  namespace?: { kind?: string; full_path?: string };
}

function toGitlabRepository(p: GitlabProject): GitlabRepository {
  const ns = p.namespace;
  return {
    id: p.id,
    name: p.name,
    description: p.description ?? "",
    landing_url: p.web_url,
    ssh_repo_url: p.ssh_url_to_repo,
    http_repo_url: p.http_url_to_repo,
    default_branch: p.default_branch ?? "main",
    last_activity_at: p.last_activity_at,
    group: ns?.kind === "user" || !ns?.full_path ? PERSONAL_GROUP : ns.full_path,
  };
}

/** Groups by name, 'Personal Projects' last (spec 03 §9). */
function groupsOf(repos: GitlabRepository[]): string[] {
  const names = [...new Set(repos.map((r) => r.group))].filter((g) => g !== PERSONAL_GROUP).sort((a, b) => a.localeCompare(b));
  return repos.some((r) => r.group === PERSONAL_GROUP) ? [...names, PERSONAL_GROUP] : names;
}

/** `/api/gitlab-proxy`: sign-in and repository listing on a self-hosted GitLab. */
export const gitlabProxyApi = newApp()
  .use(requireUser)
  .post("/auth", json(GitlabAuthBody), async (c) => {
    const body = c.req.valid("json");
    if (!body.username.trim() || !body.password) throw new ApiError(400, GIT_HOST_TEXTS.credentialsRequired);
    const base = serverBase(c.env, body.serverUrl);
    const started = Date.now();
    const res = await reach(c.env, `${base}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ grant_type: "password", username: body.username.trim(), password: body.password }),
    });
    if (!res) return unreachable(c.env, started);
    // 401 to our client would end the user's own session; a wrong GitLab password is a 400.
    if (res.status === 400 || res.status === 401 || res.status === 403) throw new ApiError(400, GIT_HOST_TEXTS.authFailed);
    const token = await jsonOf<{ access_token?: unknown; refresh_token?: unknown }>(res);
    if (res.status === 404 || !token) return unreachable(c.env, started);
    if (!res.ok || typeof token.access_token !== "string") throw new ApiError(400, GIT_HOST_TEXTS.authFailed);
    const me = await reach(c.env, `${base}/api/v4/user`, { headers: gitlabHeaders(token.access_token, "oauth") });
    const profile = me?.ok ? await jsonOf<{ email?: string; public_email?: string; username?: string; name?: string }>(me) : null;
    return ok<GitlabAuthAnswer>(c, {
      success: true,
      access_token: token.access_token,
      authType: "oauth",
      refresh_token: typeof token.refresh_token === "string" ? token.refresh_token : null,
      user: { email: profile?.email || profile?.public_email || null, username: profile?.username ?? body.username.trim(), name: profile?.name ?? null },
    });
  })
  .post("/repositories", json(GitlabReposBody), async (c) => {
    const body = c.req.valid("json");
    const base = serverBase(c.env, body.serverUrl);
    const started = Date.now();
    const projects: GitlabProject[] = [];
    for (let page = 1; page <= MAX_PAGES; page++) {
      const res = await reach(c.env, `${base}/api/v4/projects?membership=true&per_page=100${page > 1 ? `&page=${page}` : ""}`, {
        headers: gitlabHeaders(body.auth, body.authType),
      });
      if (!res) return unreachable(c.env, started);
      if (res.status === 401 || res.status === 403) throw new ApiError(400, GIT_HOST_TEXTS.authFailed);
      const list = res.ok ? await jsonOf<GitlabProject[]>(res) : null;
      if (!Array.isArray(list)) throw new ApiError(400, GIT_HOST_TEXTS.listFailed);
      projects.push(...list);
      if (!Number(res.headers.get("x-next-page"))) break;
    }
    const repositories = projects
      .map(toGitlabRepository)
      .sort((a, b) => Date.parse(b.last_activity_at) - Date.parse(a.last_activity_at) || a.name.localeCompare(b.name));
    return ok<GitlabReposAnswer>(c, { success: true, repositories, groups: groupsOf(repositories) });
  });

interface GithubApiRepo extends Omit<GithubRepository, "owner" | "full_name" | "default_branch" | "updated_at"> {
  owner: { login: string };
  full_name?: string;
  default_branch?: string;
  updated_at?: string | null;
}

function toGithubRepository(r: GithubApiRepo): GithubRepository {
  return {
    id: r.id,
    name: r.name,
    full_name: r.full_name ?? `${r.owner.login}/${r.name}`,
    description: r.description ?? null,
    owner: { login: r.owner.login },
    clone_url: r.clone_url,
    ssh_url: r.ssh_url,
    html_url: r.html_url,
    private: !!r.private,
    language: r.language ?? null,
    stargazers_count: r.stargazers_count ?? 0,
    // Spec 03 §9: the public host's default branch is master.
    default_branch: r.default_branch ?? "master",
    updated_at: r.updated_at ?? null,
  };
}

/** One GitHub API answer with the given token; a user's rejected token is refreshed (or dropped) and tried once more. */
async function githubGet(env: Env, db: Db, path: string, cred: GithubCredential | null, userId: string): Promise<Response | null> {
  const get = async (token: string | null) => {
    try {
      return await reach(env, `${githubApiBase(env)}${path}`, { headers: githubApiHeaders(token) });
    } catch (err) {
      // GITHUB_API_URL is our configuration: a refused address is a deploy mistake, named in the log.
      console.error("github: GITHUB_API_URL is not an allowed address (see GIT_HOSTS_ALLOW_PRIVATE)", err instanceof Error ? err.message : err);
      return null;
    }
  };
  const res = await get(cred?.token ?? null);
  if (res?.status !== 401 || cred?.source !== "user") return res;
  await res.body?.cancel();
  const again = await afterRejection(env, db, userId);
  if (again) return get(again);
  throw new ApiError(403, GIT_HOST_TEXTS.githubNotAuthorized);
}

async function githubList(res: Response | null, failure: string): Promise<GithubRepository[]> {
  const body = res?.ok ? await jsonOf<GithubApiRepo[] | { items?: GithubApiRepo[] }>(res) : null;
  const list = Array.isArray(body) ? body : body?.items;
  if (!Array.isArray(list)) throw new ApiError(502, failure);
  return list.map(toGithubRepository);
}

/**
 * `/api/github`: the repositories of the user's connected GitHub account (private ones included),
 * or a search of public ones. Without a connected account the server's GITHUB_TOKEN, when a deploy
 * sets one, lists instead; the connection itself is worker/api/github-oauth.ts.
 */
export const githubApi = newApp()
  .use(requireUser)
  .get("/repositories", query(GithubReposQuery), async (c) => {
    const { search } = c.req.valid("query");
    const db = getDb(c.env.DB);
    const userId = c.get("user").id;
    if (search !== undefined) {
      const q = search.trim();
      if (!q) throw new ApiError(400, GIT_HOST_TEXTS.searchRequired);
      // The user's token (when connected) raises GitHub's rate limit; search still finds public repositories only.
      const res = await githubGet(c.env, db, `/search/repositories?q=${encodeURIComponent(q)}&per_page=30`, await githubCredential(c.env, db, userId), userId);
      return ok<GithubReposAnswer>(c, { repositories: await githubList(res, GIT_HOST_TEXTS.searchFailed) });
    }
    const cred = await githubCredential(c.env, db, userId);
    if (!cred) throw new ApiError(403, GIT_HOST_TEXTS.githubNotAuthorized);
    const res = await githubGet(c.env, db, "/user/repos?per_page=100&sort=updated", cred, userId);
    return ok<GithubReposAnswer>(c, { repositories: await githubList(res, GIT_HOST_TEXTS.githubFailed) });
  });
