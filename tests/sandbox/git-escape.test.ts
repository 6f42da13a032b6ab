// Git on the real host, attacked through a workspace and through clones: git never runs
// repository-controlled configuration or hooks for the host, .git is not writable through the file API, a catastrophic
// regular expression answers fast, clones refuse private addresses without telling ports apart,
// and credentials in an import URL never reach .git/config.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { freePort, openTerminal, runIn, startSandbox, type Sandbox } from "./helpers.ts";
import { startGitHttpServer } from "./git-http-server.ts";

let sb: Sandbox;
let open: Sandbox; // SANDBOX_ALLOW_PRIVATE_GIT=1, as in the worker tests
const W = "/workspaces/gx-u1/repo";
const GIT_PATH = "Paths inside .git cannot be changed through the file API";

beforeAll(async () => {
  [sb, open] = await Promise.all([startSandbox(), startSandbox({ SANDBOX_ALLOW_PRIVATE_GIT: "1" })]);
  expect((await sb.api("POST", W, { init: true })).status).toBe(201);
}, 30_000);
afterAll(async () => {
  await Promise.all([sb?.stop(), open?.stop()]);
});

const wsPath = (...p: string[]) => path.join(sb.root, "workspaces", "gx-u1", "repo", ...p);
const exists = (p: string) =>
  fs.stat(p).then(
    () => true,
    () => false,
  );

describe("the file API and .git", () => {
  it("refuses to write, upload into or delete anything inside .git, at any depth and in any case", async () => {
    const before = await fs.readFile(wsPath(".git", "config"), "utf8");
    for (const p of [".git/config", ".GIT/hooks/pre-commit", "sub/.git/config", "./.git/config", ".Git"]) {
      const r = await sb.api("PUT", `${W}/file`, { path: p, content: "[core]\n\tfsmonitor = touch /tmp/pwned\n" });
      expect(r, p).toEqual({ status: 403, json: { ok: false, error: GIT_PATH } });
    }
    expect((await sb.api("DELETE", `${W}/file?path=.git/HEAD`)).status).toBe(403);
    const form = new FormData();
    form.append("file", new Blob(["#!/bin/sh\ntouch /tmp/pwned\n"]), "pre-commit");
    form.append("file_path", ".git/hooks/pre-commit");
    const up = await fetch(`${sb.base}${W}/upload`, { method: "POST", headers: { authorization: "Bearer test-secret-0123456789abcdef" }, body: form });
    expect(up.status).toBe(403);
    expect(await fs.readFile(wsPath(".git", "config"), "utf8")).toBe(before);
    expect(await exists(wsPath(".git", "hooks", "pre-commit"))).toBe(false);
  });

  it("refuses a path that reaches .git through a symlink", async () => {
    await fs.symlink(".git", wsPath("innocent"));
    const r = await sb.api("PUT", `${W}/file`, { path: "innocent/config", content: "x" });
    expect(r.status).toBe(403);
    await fs.rm(wsPath("innocent"));
  });
});

describe("git run by the host", () => {
  it("runs no fsmonitor, hook or filter of the repository as the host; a filter runs only as the workspace's uid in its jail", async () => {
    const marker = path.join(sb.root, "host-pwned");
    const t = await openTerminal(sb.base, W.slice("/workspaces/".length));
    const uid = Number((await runIn(t, "id -u")).trim());
    expect(uid).toBeGreaterThan(0);
    await runIn(
      t,
      [
        `git config core.fsmonitor "touch ${marker}; id -u >> /workspace/.git/fsmonitor-uid; false"`,
        `git config filter.evil.clean "touch ${marker} 2>/dev/null; id -u >> /workspace/.git/filter-uid; cat"`,
        `echo '* filter=evil' > .gitattributes`,
        `printf '#!/bin/sh\\ntouch ${marker}\\ntouch /workspace/.git/hook-ran\\n' > .git/hooks/pre-commit`,
        "chmod +x .git/hooks/pre-commit",
        "echo change >> README.md",
      ].join(" && "),
    );
    t.socket.close();
    expect((await sb.api("GET", `${W}/git/status`)).json.hasChanges).toBe(true);
    const c = await sb.api("POST", `${W}/git/commit`, { message: "with a hostile config" });
    expect(c.status).toBe(200);
    expect(await exists(marker)).toBe(false); // nothing ran as the host
    expect(await exists(wsPath(".git", "hook-ran"))).toBe(false); // hooks never run
    expect(await exists(wsPath(".git", "fsmonitor-uid"))).toBe(false); // fsmonitor is forced off
    // The filter is the repository's own business: it ran, as the workspace user, inside the jail.
    const filterUids = (await fs.readFile(wsPath(".git", "filter-uid"), "utf8")).trim().split("\n");
    expect(new Set(filterUids)).toEqual(new Set([String(uid)]));
  });
});

describe("content search", () => {
  it("answers a catastrophic pattern fast and refuses backreferences with 400", async () => {
    await sb.api("PUT", `${W}/file`, { path: "aaa.txt", content: `${"a".repeat(40)}!\n${"a".repeat(30)}\n` });
    const t0 = Date.now();
    const r = await sb.api("POST", `${W}/search`, { query: "^(a+)+$", searchTypes: ["content"], contentOptions: { regex: true } });
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(r.json.results.content).toEqual([{ filePath: "aaa.txt", lineNumber: 2, line: "a".repeat(30), column: 0, matchLength: 30 }]);
    const bad = await sb.api("POST", `${W}/search`, { query: "(a)\\1", searchTypes: ["content"], contentOptions: { regex: true } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("Unsupported regular expression: backreferences and lookaround are not supported");
    const broken = await sb.api("POST", `${W}/search`, { query: "(a", searchTypes: ["content"], contentOptions: { regex: true } });
    expect(broken.json).toEqual({ ok: false, error: "Invalid regular expression" });
  });
});

describe("clone destinations", () => {
  it("refuses private and loopback addresses with one text, whether the port is open or closed", async () => {
    const listener = net.createServer((s) => s.end("SSH-2.0-OpenSSH\r\n")).listen(0, "127.0.0.1");
    await new Promise((r) => listener.once("listening", r));
    const openPort = (listener.address() as net.AddressInfo).port;
    const closedPort = await freePort();
    const errors = new Set<string>();
    const urls = [
      `http://127.0.0.1:${openPort}/x.git`,
      `http://127.0.0.1:${closedPort}/x.git`,
      `git://localhost:${openPort}/x`,
      "http://[::1]/x.git",
      "http://169.254.169.254/latest",
      "https://10.0.0.1/x.git",
      "http://100.64.0.1/x",
      "http://0.0.0.0/x",
      "http://[::ffff:127.0.0.1]/x",
      "https://user:tok@127.0.0.1/x.git",
    ];
    for (const [i, cloneUrl] of urls.entries()) {
      const r = await sb.api("POST", `/workspaces/gx-u2/c${i}`, { cloneUrl });
      expect(r.status, cloneUrl).toBe(422);
      errors.add(r.json.error);
      expect((await sb.api("GET", `/workspaces/gx-u2/c${i}`)).status).toBe(404);
    }
    expect([...errors]).toEqual(["Clone failed: the repository could not be reached or read"]);
    // With the setting, the open (non-git) and the closed port still answer alike.
    const a = await open.api("POST", "/workspaces/gx-u2/o1", { cloneUrl: `http://127.0.0.1:${openPort}/x.git` });
    const b = await open.api("POST", "/workspaces/gx-u2/o2", { cloneUrl: `http://127.0.0.1:${closedPort}/x.git` });
    expect(a.json).toEqual(b.json);
    listener.close();
  });

  it("passes credentials to the server but never stores them in .git/config", async () => {
    const src = await fs.mkdtemp(path.join(os.tmpdir(), "gx-src-"));
    execFileSync("git", ["init", "-q", "--bare", "-b", "main", path.join(src, "repo.git")]);
    execFileSync("sh", [
      "-c",
      `cd ${src} && git clone -q repo.git w 2>/dev/null && cd w && echo hi > f && git add f && git -c user.name=a -c user.email=a@b commit -qm one && git push -q origin HEAD:main`,
    ]);
    const seen: string[] = [];
    const server = await startGitHttpServer(src, (req, res) => {
      seen.push(req.headers.authorization ?? "");
      if (req.headers.authorization) return false;
      res.writeHead(401, { "www-authenticate": 'Basic realm="x"' }).end();
      return true;
    });
    const port = server.port;
    const r = await open.api("POST", "/workspaces/gx-u3/cred", { cloneUrl: `http://alice:s3cret-token@127.0.0.1:${port}/repo.git` });
    server.close();
    expect(r.status).toBe(201);
    expect(seen).toContain(`Basic ${Buffer.from("alice:s3cret-token").toString("base64")}`);
    const config = await fs.readFile(path.join(open.root, "workspaces", "gx-u3", "cred", ".git", "config"), "utf8");
    expect(config).not.toContain("s3cret");
    expect(config).toContain(`url = http://127.0.0.1:${port}/repo.git`);
    expect((await open.api("GET", "/workspaces/gx-u3/cred/file?path=f")).json.content).toBe("hi\n");
    await fs.rm(src, { recursive: true, force: true });
  });
});
