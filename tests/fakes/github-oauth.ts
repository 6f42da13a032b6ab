// A fake GitHub for "Authorize GitHub", served by the fake git hosts (fake-git-hosts.ts): the OAuth
// web flow under /github-oauth (authorize redirect, token endpoint with code and refresh grants,
// git over HTTP behind the token) and the API calls that take a user's token under /github.
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { FAKE_GITHUB_OAUTH, FAKE_GITLAB } from "./git-host-accounts";
import { serveGit } from "./github-oauth-git";

interface Grant {
  login: string;
  scope: string;
}
interface Code extends Grant {
  redirectUri: string;
}

const codes = new Map<string, Code>();
const tokens = new Map<string, Grant>();
const refreshTokens = new Map<string, Grant & { access: string }>();

/** Requests this fake answered (`GET /github-oauth/__requests`); tests pick theirs by login or token, as files share it. */
const recorded: { method: string; path: string; authorization: string | null; body: string; login: string | null }[] = [];
/** The GitHub user a request acted for, when its token told. */
const actingFor = new WeakMap<IncomingMessage, string>();

const random = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url")}`;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** GitHub answers the token endpoint form-encoded unless JSON is asked for. */
function answer(req: IncomingMessage, res: ServerResponse, body: Record<string, string | number>): void {
  if (String(req.headers.accept ?? "").includes("json")) return send(res, 200, body);
  res.writeHead(200, { "content-type": "application/x-www-form-urlencoded" });
  res.end(new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString());
}

function issue(grant: Grant): Record<string, string | number> {
  const access = random("gho");
  tokens.set(access, grant);
  const out: Record<string, string | number> = { access_token: access, token_type: "bearer", scope: grant.scope };
  if (grant.login.startsWith("expiring")) {
    const refresh = random("ghr");
    refreshTokens.set(refresh, { ...grant, access });
    Object.assign(out, { refresh_token: refresh, expires_in: 30, refresh_token_expires_in: 15_897_600 });
  }
  return out;
}

function formOf(req: IncomingMessage, body: string): Record<string, string> {
  if (String(req.headers["content-type"] ?? "").includes("json")) {
    try {
      return JSON.parse(body);
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

function tokenEndpoint(req: IncomingMessage, res: ServerResponse, body: string): void {
  const form = formOf(req, body);
  if (form.client_id !== FAKE_GITHUB_OAUTH.clientId || form.client_secret !== FAKE_GITHUB_OAUTH.clientSecret) {
    return answer(req, res, { error: "incorrect_client_credentials", error_description: "The client_id and/or client_secret passed are incorrect." });
  }
  if (form.grant_type === "refresh_token") {
    const old = refreshTokens.get(form.refresh_token ?? "");
    if (!old) return answer(req, res, { error: "bad_refresh_token", error_description: "The refresh token passed is incorrect or expired." });
    // Refresh tokens are single-use, and the access token they came with ends with them.
    refreshTokens.delete(form.refresh_token!);
    tokens.delete(old.access);
    return answer(req, res, issue({ login: old.login, scope: old.scope }));
  }
  const code = codes.get(form.code ?? "");
  if (!code || (form.redirect_uri && form.redirect_uri !== code.redirectUri)) {
    return answer(req, res, { error: "bad_verification_code", error_description: "The code passed is incorrect or expired." });
  }
  codes.delete(form.code!);
  answer(req, res, issue(code));
}

/**
 * `/login/oauth/authorize`: the user signs in and approves at once. Tests say who signs in with
 * `login=` (default octocat) and make the user press Cancel with `deny=1`.
 */
function authorize(res: ServerResponse, url: URL): void {
  const q = url.searchParams;
  const redirect = q.get("redirect_uri");
  if (q.get("client_id") !== FAKE_GITHUB_OAUTH.clientId || !redirect) return send(res, 404, { message: "Not Found" });
  const back = new URL(redirect);
  if (q.get("deny") === "1") back.searchParams.set("error", "access_denied");
  else {
    const code = random("code");
    codes.set(code, { login: q.get("login") ?? "octocat", scope: q.get("scope") ?? "", redirectUri: redirect });
    back.searchParams.set("code", code);
  }
  back.searchParams.set("state", q.get("state") ?? "");
  res.writeHead(302, { location: back.toString() }).end();
}

function bearer(req: IncomingMessage): Grant | undefined {
  const m = /^(?:Bearer|token) (.+)$/.exec(String(req.headers.authorization ?? ""));
  const grant = m ? tokens.get(m[1]!) : undefined;
  if (grant) actingFor.set(req, grant.login);
  return grant;
}

/** The login whose token is the Basic password (any user name, as GitHub takes it). */
function basicLogin(req: IncomingMessage): string | undefined {
  const m = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ""));
  if (!m) return undefined;
  const [, ...password] = Buffer.from(m[1]!, "base64").toString().split(":");
  const login = tokens.get(password.join(":"))?.login;
  if (login) actingFor.set(req, login);
  return login;
}

function repo(id: number, owner: string, name: string, isPrivate: boolean, origin: string) {
  return {
    id,
    name,
    full_name: `${owner}/${name}`,
    description: `${name} of ${owner}`,
    owner: { login: owner },
    clone_url: `${origin}/github-oauth/${owner}/${name}.git`,
    ssh_url: `git@github.com:${owner}/${name}.git`,
    html_url: `${origin}/github-oauth/${owner}/${name}`,
    private: isPrivate,
    language: "Markdown",
    stargazers_count: 0,
    default_branch: "master",
    updated_at: "2025-05-01T00:00:00Z",
  };
}

/** Answers the fake GitHub's OAuth, git and token-taking API requests; false for anything else. */
export async function githubOauthFake(req: IncomingMessage, res: ServerResponse, url: URL, body: string): Promise<boolean> {
  if (url.pathname === "/github-oauth/__requests") return (send(res, 200, recorded), true);
  const handled = await route(req, res, url, body);
  if (handled) {
    const entry = { method: req.method ?? "GET", path: url.pathname + url.search, authorization: req.headers.authorization ?? null, body };
    recorded.push({ ...entry, login: actingFor.get(req) ?? null });
  }
  return handled;
}

async function route(req: IncomingMessage, res: ServerResponse, url: URL, body: string): Promise<boolean> {
  const origin = `http://${req.headers.host}`;
  const p = url.pathname;
  if (p === "/github-oauth/login/oauth/authorize" && req.method === "GET") return (authorize(res, url), true);
  if (p === "/github-oauth/login/oauth/access_token" && req.method === "POST") return (tokenEndpoint(req, res, body), true);
  // For tests: whether a token (taken from a recorded request) is still accepted.
  if (p === "/github-oauth/__live" && req.method === "POST") return (send(res, 200, { live: tokens.has(body) }), true);
  const git = /^\/github-oauth\/([\w.-]+)\/([\w.-]+)\.git(\/.*)$/.exec(p);
  if (git) {
    const [, owner, name, rest] = git;
    // Every repository here is private: only its owner's token reads it, like GitHub it is 404 to anyone else.
    const login = basicLogin(req);
    if (!login) return (res.writeHead(401, { "www-authenticate": 'Basic realm="GitHub"' }).end(), true);
    if (login !== owner) return (res.writeHead(404).end("Repository not found."), true);
    await serveGit(req, res, owner!, name!, rest!, url.search, body);
    return true;
  }
  // The fake GitLab's repositories over HTTP (`{fake}/gitlab/{owner}/{repo}.git`): its sign-in's token as `oauth2:<token>`.
  const gitlab = /^\/gitlab\/([\w.-]+)\/([\w.-]+)\.git(\/.*)$/.exec(p);
  if (gitlab) {
    const basic = Buffer.from(String(req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString();
    if (basic !== `oauth2:${FAKE_GITLAB.token}`) return (res.writeHead(401, { "www-authenticate": 'Basic realm="GitLab"' }).end(), true);
    await serveGit(req, res, `gitlab-${gitlab[1]}`, gitlab[2]!, gitlab[3]!, url.search, body);
    return true;
  }
  const revoke = /^\/github\/applications\/([^/]+)\/token$/.exec(p);
  if (revoke && req.method === "DELETE") {
    const basic = Buffer.from(String(req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString();
    if (revoke[1] !== FAKE_GITHUB_OAUTH.clientId || basic !== `${FAKE_GITHUB_OAUTH.clientId}:${FAKE_GITHUB_OAUTH.clientSecret}`)
      return (send(res, 404, {}), true);
    tokens.delete(formOf(req, body).access_token ?? "");
    return (res.writeHead(204).end(), true);
  }
  const grant = bearer(req);
  if (!grant) return false;
  if (p === "/github/user" && req.method === "GET") return (send(res, 200, { login: grant.login, id: 42 }), true);
  if (p === "/github/user/repos" && req.method === "GET") {
    return (send(res, 200, [repo(31, grant.login, `secret-${grant.login}`, true, origin), repo(32, grant.login, "notes", false, origin)]), true);
  }
  return false;
}
