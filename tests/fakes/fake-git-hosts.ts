import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { FAKE_GITHUB_TOKEN, FAKE_GITLAB } from "./git-host-accounts";
import { githubOauthFake } from "./github-oauth";

/**
 * A fake self-hosted GitLab (under /gitlab) and GitHub REST API (under /github) on loopback, for
 * the import listings (tests/worker/api/git-hosts.test.ts). Every request's method, path and
 * headers are recorded; `GET /__requests` returns them and `DELETE /__requests` clears them, so a
 * test can check what the Worker sent (and that no secret of ours was among it).
 *
 * GitLab: user `alice` / password `wonderland` gets token `gl-token-alice`. GitHub: the token
 * `test-github-token` is accepted; a search for `explode` answers 500.
 */

interface Recorded {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    req.on("data", (d) => (text += String(d)));
    req.on("end", () => resolve(text));
  });
}

function project(id: number, name: string, activity: string, namespace: { kind: string; full_path: string }) {
  return {
    id,
    name,
    description: id === 3 ? null : `${name} description`,
    web_url: `https://gitlab.example/${namespace.full_path}/${name}`,
    ssh_url_to_repo: `git@gitlab.example:${namespace.full_path}/${name}.git`,
    http_url_to_repo: `https://gitlab.example/${namespace.full_path}/${name}.git`,
    default_branch: id === 3 ? null : "main",
    last_activity_at: activity,
    namespace,
  };
}

/** Page 1 has three projects, page 2 (announced by x-next-page) one more. */
const GITLAB_PAGES = [
  [
    project(1, "old-tool", "2024-01-01T00:00:00Z", { kind: "group", full_path: "platform/tools" }),
    project(2, "web-app", "2025-06-01T00:00:00Z", { kind: "group", full_path: "platform" }),
    project(3, "dotfiles", "2025-03-01T00:00:00Z", { kind: "user", full_path: "alice" }),
  ],
  [project(4, "newest", "2025-07-01T00:00:00Z", { kind: "group", full_path: "apps" })],
];

function githubRepo(id: number, owner: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name,
    full_name: `${owner}/${name}`,
    description: `${name} repo`,
    owner: { login: owner, id: 1000 + id },
    clone_url: `https://github.com/${owner}/${name}.git`,
    ssh_url: `git@github.com:${owner}/${name}.git`,
    html_url: `https://github.com/${owner}/${name}`,
    private: false,
    language: "TypeScript",
    stargazers_count: id * 10,
    default_branch: "main",
    updated_at: "2025-01-01T00:00:00Z",
    ...extra,
  };
}

async function gitlab(req: IncomingMessage, res: ServerResponse, url: URL, body: string): Promise<void> {
  const path = url.pathname.replace(/^\/gitlab/, "");
  if (req.method === "POST" && path === "/oauth/token") {
    let form: Record<string, string> = {};
    try {
      form = JSON.parse(body);
    } catch {
      form = Object.fromEntries(new URLSearchParams(body));
    }
    if (form.grant_type !== "password" || form.username !== FAKE_GITLAB.username || form.password !== FAKE_GITLAB.password) {
      return send(res, 400, { error: "invalid_grant", error_description: "The provided authorization grant is invalid" });
    }
    return send(res, 200, { access_token: FAKE_GITLAB.token, token_type: "Bearer", refresh_token: FAKE_GITLAB.refresh, scope: "api", created_at: 1 });
  }
  const bearer = req.headers.authorization === `Bearer ${FAKE_GITLAB.token}` || req.headers["private-token"] === FAKE_GITLAB.token;
  if (req.method === "GET" && path === "/api/v4/user") {
    return bearer
      ? send(res, 200, { id: 7, username: "alice", name: "Alice Liddell", email: FAKE_GITLAB.email })
      : send(res, 401, { message: "401 Unauthorized" });
  }
  if (req.method === "GET" && path === "/api/v4/projects") {
    if (!bearer) return send(res, 401, { message: "401 Unauthorized" });
    if (url.searchParams.get("membership") !== "true" || url.searchParams.get("per_page") !== "100")
      return send(res, 400, { error: "expected membership=true&per_page=100" });
    const page = Number(url.searchParams.get("page") ?? "1");
    const list = GITLAB_PAGES[page - 1] ?? [];
    return send(res, 200, list, page < GITLAB_PAGES.length ? { "x-next-page": String(page + 1) } : { "x-next-page": "" });
  }
  send(res, 404, { message: "404 Not Found" });
}

function github(req: IncomingMessage, res: ServerResponse, url: URL): void {
  const path = url.pathname.replace(/^\/github/, "");
  if (req.headers["user-agent"] === undefined)
    return send(res, 403, { message: "Request forbidden by administrative rules. Please make sure your request has a User-Agent header" });
  if (req.method === "GET" && path === "/search/repositories") {
    const q = url.searchParams.get("q") ?? "";
    if (q === "explode") return send(res, 500, { message: "boom" });
    return send(res, 200, {
      total_count: 2,
      incomplete_results: false,
      items: [githubRepo(11, "octo", `${q}-one`), githubRepo(12, "cat", `${q}-two`, { language: null, description: null })],
    });
  }
  if (req.method === "GET" && path === "/user/repos") {
    if (req.headers.authorization !== `Bearer ${FAKE_GITHUB_TOKEN}`) return send(res, 401, { message: "Bad credentials" });
    return send(res, 200, [githubRepo(21, "me", "private-thing", { private: true }), githubRepo(22, "me", "public-thing")]);
  }
  send(res, 404, { message: "Not Found" });
}

export interface FakeGitHosts {
  url: string;
  close: () => Promise<void>;
}

export async function startFakeGitHosts(port = 0): Promise<FakeGitHosts> {
  let recorded: Recorded[] = [];
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.local");
    const body = await readBody(req);
    if (url.pathname === "/__requests") {
      if (req.method === "DELETE") recorded = [];
      return send(res, 200, recorded);
    }
    // GitHub's OAuth flow, git over HTTP and the API calls made with a user's token (github-oauth.ts, which keeps its own record).
    if (await githubOauthFake(req, res, url, body)) return;
    recorded.push({ method: req.method ?? "GET", path: url.pathname + url.search, headers: req.headers, body });
    if (url.pathname.startsWith("/gitlab/")) return gitlab(req, res, url, body);
    if (url.pathname.startsWith("/github/")) return github(req, res, url);
    // `/to/{encoded base}/rest` answers 307 to `{base}/rest`; `/loop/…` redirects to itself forever.
    const to = /^\/to\/([^/]+)(\/.*)?$/.exec(url.pathname);
    if (to) return void res.writeHead(307, { location: decodeURIComponent(to[1]!) + (to[2] ?? "") }).end();
    if (url.pathname.startsWith("/loop/")) return void res.writeHead(302, { location: url.pathname }).end();
    send(res, 404, { message: "unknown fake" });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
