// POST …/git/push against real remotes (a local bare repository, a git smart-HTTP server on
// loopback), and the master → main switch of a commit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import type net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort, startSandbox, type Sandbox } from "./helpers.ts";
import { startGitHttpServer } from "./git-http-server.ts";

let sb: Sandbox; // local remotes and loopback servers allowed, as in tests
let strict: Sandbox; // the production setting
let tmp: string;
const W = "/workspaces/push-u1/proj";

function git(cwd: string, ...args: string[]): string {
  // The bare remotes belong to the workspace's uid; this git (as root) is told to trust them.
  const env = { ...process.env, GIT_CONFIG_GLOBAL: path.join(tmp, "trust.gitconfig") };
  const r = spawnSync("git", ["-c", "user.name=T", "-c", "user.email=t@x", ...args], { cwd, encoding: "utf8", env });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout.trim();
}

const wsDir = (s: Sandbox, ws: string) => path.join(s.root, "workspaces", ...ws.split("/").slice(2));
const exec = async (s: Sandbox, ws: string, command: string) => {
  const r = await s.api("POST", `${ws}/exec`, { command });
  if (r.json.exitCode !== 0) throw new Error(`${command}: ${r.json.stderr}`);
  return r.json.stdout as string;
};

/** A bare repository the workspace's user may write (the push runs as that user, in its jail). */
async function bareRemote(s: Sandbox, ws: string, name: string): Promise<string> {
  const dir = path.join(tmp, name);
  git(tmp, "init", "-q", "--bare", "-b", "main", dir);
  const { uid, gid } = await fs.stat(wsDir(s, ws));
  spawnSync("chown", ["-R", `${uid}:${gid}`, dir]);
  return dir;
}

beforeAll(async () => {
  [sb, strict] = await Promise.all([startSandbox({ SANDBOX_ALLOW_FILE_CLONE: "1", SANDBOX_ALLOW_PRIVATE_GIT: "1" }), startSandbox()]);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "sandbox-push-"));
  await fs.writeFile(path.join(tmp, "trust.gitconfig"), "[safe]\n\tdirectory = *\n");
  expect((await sb.api("POST", W, { init: true })).json.workspace.branch).toBe("main");
}, 30_000);
afterAll(async () => {
  await Promise.all([sb?.stop(), strict?.stop()]);
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe("git push", () => {
  it("answers 400 No remote configured when the repository has none", async () => {
    expect(await sb.api("POST", `${W}/git/push`, {})).toEqual({ status: 400, json: { ok: false, error: "No remote configured" } });
  });

  it("pushes the current branch to origin and makes it track the remote", async () => {
    const remote = await bareRemote(sb, W, "origin.git");
    await exec(sb, W, `git remote add origin '${remote}'`);
    await sb.api("PUT", `${W}/file`, { path: "app.txt", content: "v1\n" });
    const c = await sb.api("POST", `${W}/git/commit`, { message: "v1" });
    const r = await sb.api("POST", `${W}/git/push`, {});
    expect(r).toEqual({ status: 200, json: { ok: true, remote: "origin", branch: "main", pushed: true } });
    expect(git(tmp, "--git-dir", remote, "rev-parse", "main")).toBe(c.json.hash);
    expect((await exec(sb, W, "git rev-parse --abbrev-ref main@{upstream}")).trim()).toBe("origin/main");
    expect((await exec(sb, W, "git status -sb | head -1")).trim()).toBe("## main...origin/main");
  });

  it("pushes a named branch to a named remote given as a file:// URL", async () => {
    const remote = await bareRemote(sb, W, "backup.git");
    await exec(sb, W, `git remote add backup 'file://${remote}' && git branch feature`);
    const r = await sb.api("POST", `${W}/git/push`, { remote: "backup", branch: "feature" });
    expect(r.json).toEqual({ ok: true, remote: "backup", branch: "feature", pushed: true });
    expect(git(tmp, "--git-dir", remote, "branch", "--format=%(refname:short)")).toBe("feature");
  });

  it("answers 422 with git's reason when the remote has moved on", async () => {
    const remote = path.join(tmp, "origin.git");
    const other = path.join(tmp, "other");
    git(tmp, "clone", "-q", remote, other);
    await fs.writeFile(path.join(other, "theirs.txt"), "theirs\n");
    git(other, "add", "-A");
    git(other, "commit", "-q", "-m", "theirs");
    git(other, "push", "-q", "origin", "main");
    await sb.api("PUT", `${W}/file`, { path: "app.txt", content: "v2\n" });
    await sb.api("POST", `${W}/git/commit`, { message: "v2" });
    const r = await sb.api("POST", `${W}/git/push`, {});
    expect(r.status).toBe(422);
    expect(r.json.error).toBe("Push failed: [rejected] main -> main (fetch first)");
  });

  it("refuses unknown remotes, bad names and transports that are not allowed", async () => {
    expect((await sb.api("POST", `${W}/git/push`, { remote: "nope" })).json).toEqual({ ok: false, error: "Unknown remote: nope" });
    expect((await sb.api("POST", `${W}/git/push`, { remote: "--upload-pack=x" })).status).toBe(400);
    expect((await sb.api("POST", `${W}/git/push`, { branch: "a..b" })).status).toBe(400);
    expect((await sb.api("POST", `${W}/git/push`, { branch: "missing" })).json).toEqual({ ok: false, error: "Branch not found: missing" });
    const marker = path.join(tmp, "pwned-by-push");
    await exec(sb, W, `git remote add evil 'ext::sh -c touch% ${marker}' && git remote add ssh 'git@example.com:a/b.git'`);
    for (const remote of ["evil", "ssh"]) {
      const r = await sb.api("POST", `${W}/git/push`, { remote });
      expect(r).toEqual({ status: 422, json: { ok: false, error: "Push failed: the remote URL is not supported (use http(s)://, git:// or file://)" } });
    }
    await expect(fs.stat(marker)).rejects.toThrow();
  });

  it("sends credentials of the remote URL as a header and never shows them in an error", async () => {
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers.authorization ?? "");
      if (!req.headers.authorization) return res.writeHead(401, { "www-authenticate": 'Basic realm="x"' }).end();
      res.writeHead(403).end("no");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const port = (server.address() as net.AddressInfo).port;
    await exec(sb, W, `git remote add hosted 'http://alice:s3cret-token@127.0.0.1:${port}/repo.git'`);
    const r = await sb.api("POST", `${W}/git/push`, { remote: "hosted" });
    server.close();
    expect(r.status).toBe(422);
    expect(r.json.error).toMatch(/^Push failed: /);
    expect(r.json.error).not.toContain("s3cret");
    expect(r.json.error).not.toContain("alice");
    expect(seen).toContain(`Basic ${Buffer.from("alice:s3cret-token").toString("base64")}`);
  });

  it("does not push to private addresses in the production setting", async () => {
    const S = "/workspaces/push-u2/strict";
    await strict.api("POST", S, { init: true });
    const port = await freePort();
    await exec(strict, S, `git remote add origin 'http://127.0.0.1:${port}/x.git'`);
    const r = await strict.api("POST", `${S}/git/push`, {});
    expect(r).toEqual({ status: 422, json: { ok: false, error: "Push failed: the repository could not be reached" } });
  });

  it("pushes over smart HTTP to a real git server", async () => {
    const root = path.join(tmp, "served");
    await fs.mkdir(root);
    git(root, "init", "-q", "--bare", "-b", "main", "repo.git");
    git(path.join(root, "repo.git"), "config", "http.receivepack", "true");
    const server = await startGitHttpServer(root);
    const port = server.port;
    const H = "/workspaces/push-u1/http";
    await sb.api("POST", H, { init: true });
    await exec(sb, H, `git remote add origin 'http://localhost:${port}/repo.git'`);
    const r = await sb.api("POST", `${H}/git/push`, {});
    server.close();
    expect(r.json).toEqual({ ok: true, remote: "origin", branch: "main", pushed: true });
    expect(git(root, "--git-dir", "repo.git", "log", "--format=%s", "main")).toBe("Initial commit");
  });
});

describe("commit on master", () => {
  let source: string;
  beforeAll(async () => {
    source = path.join(tmp, "master-src");
    await fs.mkdir(source);
    git(source, "init", "-q", "-b", "master");
    await fs.writeFile(path.join(source, "a.txt"), "a\n");
    git(source, "add", "-A");
    git(source, "commit", "-q", "-m", "first");
  });

  it("keeps an imported repository's master until a commit, which switches it to main", async () => {
    const M = "/workspaces/push-u1/imported";
    const created = await sb.api("POST", M, { cloneUrl: `file://${source}` });
    expect(created.json.workspace.branch).toBe("master");
    expect((await sb.api("GET", `${M}/git/status`)).json.branch).toBe("master");
    expect((await sb.api("POST", `${M}/git/commit`, { message: "nothing" })).status).toBe(400);
    expect((await sb.api("GET", `${M}/git/status`)).json.branch).toBe("master"); // nothing committed, nothing renamed

    await sb.api("PUT", `${M}/file`, { path: "a.txt", content: "a\nb\n" });
    const c = await sb.api("POST", `${M}/git/commit`, { message: "second" });
    expect(c.json).toMatchObject({ ok: true, branch: "main", filesChanged: 1, additions: 1, deletions: 0 });
    expect((await sb.api("GET", `${M}/git/status`)).json.branch).toBe("main");
    expect((await exec(sb, M, "git branch --format='%(refname:short)'")).trim()).toBe("main");
    expect((await sb.api("GET", `${M}/git/commits`)).json.commits.map((x: any) => x.message)).toEqual(["second", "first"]);
  });

  it("stays on master when a main branch exists already", async () => {
    const M = "/workspaces/push-u1/both";
    await sb.api("POST", M, { cloneUrl: `file://${source}` });
    await exec(sb, M, "git branch main");
    await sb.api("PUT", `${M}/file`, { path: "b.txt", content: "b\n" });
    const c = await sb.api("POST", `${M}/git/commit`, { message: "on master" });
    expect(c.json).toMatchObject({ branch: "master", filesChanged: 1 });
  });

  it("switches an unborn master to main on the first commit", async () => {
    const M = "/workspaces/push-u1/unborn";
    await sb.api("POST", M);
    await exec(sb, M, "git init -q -b master && echo hi > hi.txt");
    const c = await sb.api("POST", `${M}/git/commit`, { message: "first" });
    expect(c.json).toMatchObject({ branch: "main", filesChanged: 1, additions: 1 });
  });
});
