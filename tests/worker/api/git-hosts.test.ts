import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { FAKE_GITHUB_TOKEN, FAKE_GITLAB } from "../../fakes/git-host-accounts";
import { ORIGIN, call, expectError, freshIp, session, signUp, type TestUser } from "../helpers";
import { fixtureRepoUrl } from "../project-helpers";

/** Repository-import listings (spec 03 §7.3) against the fake GitLab and GitHub of tests/fakes/fake-git-hosts.ts. */

const FAKE = (env as unknown as { FAKE_GIT_HOSTS_URL: string }).FAKE_GIT_HOSTS_URL;
const GITLAB = `${FAKE}/gitlab`;
const handler: ExportedHandler<Cloudflare.Env> = worker;

async function recorded(): Promise<{ method: string; path: string; headers: Record<string, unknown>; body: string }[]> {
  return (await fetch(`${FAKE}/__requests`)).json();
}

/** The Worker with other settings, for configurations the test bindings do not have; a body makes it a POST. */
async function callWith(overrides: Partial<Cloudflare.Env>, path: string, u: TestUser, body?: Record<string, unknown>) {
  const ctx = createExecutionContext();
  const headers: Record<string, string> = { authorization: `Bearer ${u.token}`, origin: ORIGIN, "cf-connecting-ip": freshIp() };
  if (body) headers["content-type"] = "application/json";
  const res = await handler.fetch!(
    new Request(`${ORIGIN}${path}`, { method: body ? "POST" : "GET", headers, body: body ? JSON.stringify(body) : undefined }),
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: res.status, json: (await res.json()) as any };
}

const signIn = (u: TestUser, body: Record<string, unknown>) => call("/api/gitlab-proxy/auth", { token: u.token, body: { grantType: "password", ...body } });
const repos = (u: TestUser, body: Record<string, unknown>) => call("/api/gitlab-proxy/repositories", { token: u.token, body });

/**
 * A failed connection is answered only after the whole timeout (so a closed port and a silent one
 * look alike). The bindings' timeout is long, so a loaded machine never fails a healthy call;
 * the calls that are meant to fail get a short one.
 */
const FAIL_FAST_MS = 1000;
const failFast = { GIT_HOSTS_TIMEOUT_MS: String(FAIL_FAST_MS) } as Partial<Cloudflare.Env>;
const signInFailing = (u: TestUser, body: Record<string, unknown>) => callWith(failFast, "/api/gitlab-proxy/auth", u, { grantType: "password", ...body });
const reposFailing = (u: TestUser, body: Record<string, unknown>) => callWith(failFast, "/api/gitlab-proxy/repositories", u, body);

let u: TestUser;
beforeEach(async () => {
  u ??= await signUp("Gitta Importer");
  await fetch(`${FAKE}/__requests`, { method: "DELETE" });
});

describe("self-hosted GitLab sign-in", () => {
  it("signs in with the password grant and answers the tokens and the user's email", async () => {
    const r = await signIn(u, { serverUrl: `${GITLAB}/`, username: " alice ", password: FAKE_GITLAB.password });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      success: true,
      access_token: FAKE_GITLAB.token,
      authType: "oauth",
      refresh_token: FAKE_GITLAB.refresh,
      user: { email: FAKE_GITLAB.email, username: "alice", name: "Alice Liddell" },
    });
    const [token, me] = await recorded();
    expect(token).toMatchObject({ method: "POST", path: "/gitlab/oauth/token" });
    expect(JSON.parse(token!.body)).toEqual({ grant_type: "password", username: "alice", password: FAKE_GITLAB.password });
    expect(me).toMatchObject({
      method: "GET",
      path: "/gitlab/api/v4/user",
      headers: expect.objectContaining({ authorization: `Bearer ${FAKE_GITLAB.token}` }),
    });
  });

  it("a wrong password is 'Authentication failed' without ending our own session", async () => {
    const r = await signIn(u, { serverUrl: GITLAB, username: "alice", password: "nope" });
    expectError(r, 400, "Authentication failed");
    expect((await session(u))?.id).toBe(u.id);
  });

  it("checks the form: credentials, server URL, http(s) only", async () => {
    expectError(await signIn(u, { serverUrl: GITLAB, username: "alice", password: "" }), 400, "Please enter username and password");
    expectError(await signIn(u, { serverUrl: GITLAB, username: "  ", password: "x" }), 400, "Please enter username and password");
    expectError(await signIn(u, { serverUrl: " ", username: "alice", password: "x" }), 400, "Please enter server URL");
    expectError(await signIn(u, { username: "alice", password: "x" }), 400, "Please enter server URL");
    for (const bad of ["ftp://gitlab.example", "file:///etc/passwd", "gitlab.example", `http://user:pw@127.0.0.1/`]) {
      expectError(await signIn(u, { serverUrl: bad, username: "alice", password: "x" }), 400, "Server URL must start with http:// or https://");
    }
    expect(await recorded()).toEqual([]);
  });

  it("an unreachable server, or one that is not GitLab, is a network error", async () => {
    const msg = "Network connection failed, please check if the server URL is correct";
    expectError(await signInFailing(u, { serverUrl: "http://127.0.0.1:1", username: "alice", password: "x" }), 400, msg);
    expectError(await signInFailing(u, { serverUrl: `${FAKE}/not-gitlab`, username: "alice", password: "x" }), 400, msg);
  });
});

describe("self-hosted GitLab repositories", () => {
  it("lists every page of the member's projects, newest activity first, with their groups", async () => {
    const r = await repos(u, { serverUrl: GITLAB, auth: FAKE_GITLAB.token, authType: "oauth" });
    expect(r.status).toBe(200);
    expect(r.json.data.success).toBe(true);
    expect(r.json.data.repositories.map((x: any) => [x.name, x.group])).toEqual([
      ["newest", "apps"],
      ["web-app", "platform"],
      ["dotfiles", "Personal Projects"],
      ["old-tool", "platform/tools"],
    ]);
    expect(r.json.data.repositories[2]).toEqual({
      id: 3,
      name: "dotfiles",
      description: "",
      landing_url: "https://gitlab.example/alice/dotfiles",
      ssh_repo_url: "git@gitlab.example:alice/dotfiles.git",
      http_repo_url: "https://gitlab.example/alice/dotfiles.git",
      default_branch: "main",
      last_activity_at: "2025-03-01T00:00:00Z",
      group: "Personal Projects",
    });
    expect(r.json.data.groups).toEqual(["apps", "platform", "platform/tools", "Personal Projects"]);
    expect((await recorded()).map((q) => q.path)).toEqual([
      "/gitlab/api/v4/projects?membership=true&per_page=100",
      "/gitlab/api/v4/projects?membership=true&per_page=100&page=2",
    ]);
  });

  it("a personal access token travels as PRIVATE-TOKEN", async () => {
    const r = await repos(u, { serverUrl: GITLAB, auth: FAKE_GITLAB.token, authType: "private_token" });
    expect(r.json.data.repositories).toHaveLength(4);
    expect((await recorded())[0]!.headers).toMatchObject({ "private-token": FAKE_GITLAB.token });
  });

  it("a rejected token is 'Authentication failed'; an unreachable server a network error", async () => {
    expectError(await repos(u, { serverUrl: GITLAB, auth: "stale", authType: "oauth" }), 400, "Authentication failed");
    expectError(
      await reposFailing(u, { serverUrl: "http://127.0.0.1:1", auth: "x" }),
      400,
      "Network connection failed, please check if the server URL is correct",
    );
    expectError(await repos(u, { serverUrl: `${FAKE}/not-gitlab`, auth: "x" }), 400, "Failed to fetch repository list");
    expectError(await repos(u, { serverUrl: GITLAB }), 400, "Please sign in first");
  });
});

describe("GitHub", () => {
  it("is authorized when the server has a token", async () => {
    expect((await call("/api/auth/github/status", { token: u.token })).json.data).toMatchObject({ authorized: true, source: "server" });
    expect((await callWith({ GITHUB_TOKEN: undefined }, "/api/auth/github/status", u)).json.data).toMatchObject({ authorized: false, source: null });
    // The route sits in front of better-auth's catch-all but still needs a session.
    expect((await call("/api/auth/github/status")).status).toBe(401);
  });

  it("lists the account's repositories with the spec's fields", async () => {
    const r = await call("/api/github/repositories?type=user", { token: u.token });
    expect(r.status).toBe(200);
    expect(r.json.data.repositories).toHaveLength(2);
    expect(r.json.data.repositories[0]).toEqual({
      id: 21,
      name: "private-thing",
      full_name: "me/private-thing",
      description: "private-thing repo",
      owner: { login: "me" },
      clone_url: "https://github.com/me/private-thing.git",
      ssh_url: "git@github.com:me/private-thing.git",
      html_url: "https://github.com/me/private-thing",
      private: true,
      language: "TypeScript",
      stargazers_count: 210,
      default_branch: "main",
      updated_at: "2025-01-01T00:00:00Z",
    });
    const [sent] = await recorded();
    expect(sent).toMatchObject({
      path: "/github/user/repos?per_page=100&sort=updated",
      headers: expect.objectContaining({ authorization: `Bearer ${FAKE_GITHUB_TOKEN}` }),
    });
  });

  it("searches public repositories; an empty search is refused", async () => {
    const r = await call("/api/github/repositories?search=hello%20world", { token: u.token });
    expect(r.json.data.repositories.map((x: any) => [x.name, x.owner.login, x.language, x.description])).toEqual([
      ["hello world-one", "octo", "TypeScript", "hello world-one repo"],
      ["hello world-two", "cat", null, null],
    ]);
    expect((await recorded())[0]!.path).toBe("/github/search/repositories?q=hello%20world&per_page=30");
    expectError(await call("/api/github/repositories?search=%20%20", { token: u.token }), 400, "Please enter search keywords");
    expectError(await call("/api/github/repositories?type=org", { token: u.token }), 400);
  });

  it("failures of GitHub are 502 with the spec's texts; no token means not authorized", async () => {
    const search = await callWith({}, "/api/github/repositories?search=explode", u);
    expect(search).toEqual({ status: 502, json: { code: 502, data: null, message: "Search failed, please try again" } });
    const down = await callWith({ GITHUB_API_URL: "http://127.0.0.1:1" }, "/api/github/repositories?type=user", u);
    expect(down).toEqual({ status: 502, json: { code: 502, data: null, message: "Failed to fetch repositories" } });
    const badToken = await callWith({ GITHUB_TOKEN: "revoked" }, "/api/github/repositories?type=user", u);
    expect(badToken.json.message).toBe("Failed to fetch repositories");
    const none = await callWith({ GITHUB_TOKEN: "" }, "/api/github/repositories?type=user", u);
    expect(none).toEqual({ status: 403, json: { code: 403, data: null, message: "GitHub is not connected: please authorize GitHub first" } });
    expect((await call("/api/github/repositories?type=user")).status).toBe(401);
  });
});

describe("what leaves the Worker", () => {
  it("never carries our cookies, session tokens or other secrets to a git host", async () => {
    await signIn(u, { serverUrl: GITLAB, username: "alice", password: FAKE_GITLAB.password });
    await repos(u, { serverUrl: GITLAB, auth: FAKE_GITLAB.token });
    await call("/api/github/repositories?type=user", { token: u.token, cookie: u.cookie });
    await call("/api/github/repositories?search=x", { token: u.token, cookie: u.cookie });
    const sent = await recorded();
    // Sign-in (token, user), two pages of projects, two GitHub listings.
    expect(sent.length).toBe(6);
    const secrets = [u.token, u.cookie.split("=")[1]!, env.SANDBOX_SECRET!, env.BETTER_AUTH_SECRET, env.ANTHROPIC_API_KEY!, env.OPENAI_API_KEY!];
    for (const q of sent) {
      expect(q.headers.cookie).toBeUndefined();
      const text = JSON.stringify(q);
      for (const s of secrets) expect(text).not.toContain(s);
      // The GitHub token goes to GitHub only.
      if (q.path.startsWith("/gitlab/")) expect(text).not.toContain(FAKE_GITHUB_TOKEN);
    }
  });
});

/** The Worker is no port scanner for whoever signs up. */
describe("private addresses and port probing", () => {
  const NOT_ALLOWED = "This server address is not allowed";
  const NETWORK = "Network connection failed, please check if the server URL is correct";
  // The sandbox host is a real loopback service next to the Worker: on the old code a sign-in
  // against it answered "Authentication failed" (its 401), telling the port was open.
  const sandboxPort = new URL(env.SANDBOX_URL!).port;
  const enc = encodeURIComponent;

  it("refuses every literal form of loopback, private, link-local and internal names before connecting", async () => {
    const loopback = [
      "127.0.0.1",
      "127.1",
      "0x7f.1",
      "2130706433",
      "0177.0.0.1",
      "127.0.0.2",
      "[::1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:7f00:1]",
      "localhost",
      "LOCALHOST.",
      "sandbox.localhost",
      "0.0.0.0",
      "0",
    ];
    const elsewhere = [
      "169.254.169.254",
      "metadata.google.internal",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "100.64.0.1",
      "224.0.0.1",
      "[fd00:ec2::254]",
      "[fe80::1]",
      "[64:ff9b::7f00:1]",
      "[::]",
      "[::127.0.0.1]",
      "[::ffff:0:7f00:1]",
      "gitlab",
      "printer.local",
      "nas.home.arpa",
      "10.0.0.1.nip.io",
      "127-0-0-1.sslip.io",
      "gitlab.lvh.me",
      "localtest.me",
    ];
    for (const host of [...loopback.map((h) => `${h}:${sandboxPort}`), ...elsewhere]) {
      const serverUrl = `http://${host}/`;
      expectError(await signIn(u, { serverUrl, username: "alice", password: "x" }), 400, NOT_ALLOWED);
      expectError(await repos(u, { serverUrl, auth: "x" }), 400, NOT_ALLOWED);
    }
    // A zone id is no valid server URL at all.
    expectError(
      await signIn(u, { serverUrl: "http://[fe80::1%25eth0]/", username: "alice", password: "x" }),
      400,
      "Server URL must start with http:// or https://",
    );
  });

  it("re-checks every redirect: a public answer cannot bounce the Worker to a private address", async () => {
    for (const target of [`http://127.0.0.1:${sandboxPort}`, "http://169.254.169.254/latest", "http://[::1]:22"]) {
      const r = await signIn(u, { serverUrl: `${FAKE}/to/${enc(target)}`, username: "alice", password: "x" });
      expectError(r, 400, NOT_ALLOWED);
      expectError(await repos(u, { serverUrl: `${FAKE}/to/${enc(target)}`, auth: "x" }), 400, NOT_ALLOWED);
    }
    // A redirect within an allowed host is followed, the POST with its body included.
    const ok = await signIn(u, { serverUrl: `${FAKE}/to/${enc(GITLAB)}`, username: "alice", password: FAKE_GITLAB.password });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    expect(ok.json.data.access_token).toBe(FAKE_GITLAB.token);
    // An endless redirect ends as a failed connection, not a hang.
    expectError(await signInFailing(u, { serverUrl: `${FAKE}/loop/x`, username: "alice", password: "x" }), 400, NETWORK);
  });

  it("a closed port and an open non-HTTP one answer the same, after the same time", async () => {
    const daemonPort = new URL(fixtureRepoUrl()).port;
    const timeout = FAIL_FAST_MS;
    const probe = async (serverUrl: string) => {
      const started = Date.now();
      const r = await signInFailing(u, { serverUrl, username: "alice", password: "x" });
      return { answer: { status: r.status, json: r.json }, ms: Date.now() - started };
    };
    const closed = await probe("http://127.0.0.1:1");
    const open = await probe(`http://127.0.0.1:${daemonPort}`);
    expect(open.answer).toEqual(closed.answer);
    expect(closed.answer).toEqual({ status: 400, json: { code: 400, data: null, message: NETWORK } });
    // Both wait out the timeout (the old code answered a closed port at once); the upper bound is
    // loose because the test machine is shared.
    for (const { ms } of [closed, open]) {
      expect(ms).toBeGreaterThanOrEqual(timeout - 50);
      expect(ms).toBeLessThan(timeout * 4);
    }
  });

  it("GitHub configured on a private address is refused like an outage, and nothing is sent there", async () => {
    const r = await callWith({ GITHUB_API_URL: env.SANDBOX_URL }, "/api/github/repositories?type=user", u);
    expect(r).toEqual({ status: 502, json: { code: 502, data: null, message: "Failed to fetch repositories" } });
  });
});
