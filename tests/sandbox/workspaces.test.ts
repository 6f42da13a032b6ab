import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SECRET, openTerminal, startSandbox, waitFor, type Sandbox } from "./helpers.ts";

let sb: Sandbox; // file:// clones allowed, as in the worker tests
let strict: Sandbox; // the production setting
let tmp: string;
let repo: string;

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync("git", ["-c", "user.name=T", "-c", "user.email=t@x", ...args], { cwd, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout.trim();
}

beforeAll(async () => {
  [sb, strict] = await Promise.all([startSandbox({ SANDBOX_ALLOW_FILE_CLONE: "1" }), startSandbox()]);
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "sandbox-clone-"));
  repo = path.join(tmp, "origin");
  await fs.mkdir(path.join(repo, "src"), { recursive: true });
  git(repo, "init", "-q", "-b", "main");
  await fs.writeFile(path.join(repo, "README.md"), "# origin\n");
  await fs.writeFile(path.join(repo, "src", "index.ts"), "export const x = 1;\n");
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", "first");
  git(repo, "checkout", "-q", "-b", "feature");
  await fs.writeFile(path.join(repo, "feature.txt"), "on feature\n");
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", "feature work");
  git(repo, "checkout", "-q", "main");
});
afterAll(async () => {
  await Promise.all([sb?.stop(), strict?.stop()]);
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe("creating a workspace", () => {
  it("inits a repository with a README titled after the project and reports its branch", async () => {
    const r = await sb.api("POST", "/workspaces/u5/fresh", { init: true, title: "My App" });
    expect(r).toEqual({ status: 201, json: { ok: true, workspace: { userId: "u5", projectId: "fresh", gitInitialized: true, branch: "main" } } });
    expect((await sb.api("GET", "/workspaces/u5/fresh/file?path=README.md")).json.content).toBe("# My App\n");
  });

  it("clones a repository (default branch, or the one asked for) with its history", async () => {
    const r = await sb.api("POST", "/workspaces/u5/clone", { cloneUrl: `file://${repo}` });
    expect(r.status).toBe(201);
    expect(r.json.workspace).toEqual({ userId: "u5", projectId: "clone", gitInitialized: true, branch: "main" });
    expect((await sb.api("GET", "/workspaces/u5/clone/file?path=src/index.ts")).json.content).toBe("export const x = 1;\n");
    expect((await sb.api("GET", "/workspaces/u5/clone/git/commits")).json.commits.map((c: any) => c.message)).toEqual(["first"]);
    expect((await sb.api("GET", "/workspaces/u5/clone/git/status")).json).toMatchObject({ branch: "main", hasChanges: false, hasRemote: true });

    const b = await sb.api("POST", "/workspaces/u5/clone-b", { cloneUrl: `file://${repo}`, branch: "feature" });
    expect(b.json.workspace.branch).toBe("feature");
    expect((await sb.api("GET", "/workspaces/u5/clone-b/file?path=feature.txt")).status).toBe(200);
  });

  it("refuses a clone into a workspace that has files", async () => {
    await sb.api("POST", "/workspaces/u5/busy", { init: true });
    const r = await sb.api("POST", "/workspaces/u5/busy", { cloneUrl: `file://${repo}` });
    expect(r).toEqual({ status: 409, json: { ok: false, error: "Workspace is not empty" } });
  });

  it("leaves nothing behind when the clone fails, so it can be retried", async () => {
    const missing = await sb.api("POST", "/workspaces/u5/retry", { cloneUrl: `file://${repo}`, branch: "nope" });
    expect(missing.status).toBe(422);
    expect(missing.json.error).toMatch(/^Clone failed: .*nope/);
    expect((await sb.api("GET", "/workspaces/u5/retry")).status).toBe(404);
    expect((await sb.api("POST", "/workspaces/u5/retry", { cloneUrl: `file://${repo}` })).status).toBe(201);

    const gone = await sb.api("POST", "/workspaces/u5/gone", { cloneUrl: `file://${tmp}/does-not-exist` });
    expect(gone.status).toBe(422);
    expect((await sb.api("GET", "/workspaces/u5/gone")).status).toBe(404);
  });

  it("clones only over http(s) and git://, and file:// only when the host allows it", async () => {
    for (const cloneUrl of [
      "ext::sh -c touch% /tmp/pwned",
      "ssh://git@example.com/x.git",
      "git@example.com:x/y.git",
      "ftp://example.com/x.git",
      "-uhttps://x",
      "not a url",
    ]) {
      const r = await sb.api("POST", "/workspaces/u5/bad", { cloneUrl });
      expect(r.status, cloneUrl).toBe(400);
      expect(r.json.error, cloneUrl).toMatch(/^(Unsupported repository URL|Invalid repository URL)/);
    }
    const file = await strict.api("POST", "/workspaces/u5/local", { cloneUrl: `file://${repo}` });
    expect(file).toEqual({ status: 400, json: { ok: false, error: "Unsupported repository URL: use http(s):// or git://" } });
    expect((await strict.api("GET", "/workspaces/u5/local")).status).toBe(404);
    const branch = await sb.api("POST", "/workspaces/u5/bad", { cloneUrl: `file://${repo}`, branch: "--upload-pack=touch /tmp/x" });
    expect(branch.status).toBe(400);
    expect(branch.json.error).toMatch(/Invalid branch name/);
  });
});

describe("listing, uploading to a path, deleting", () => {
  it("lists every file, skipping .git and heavy folders unless asked", async () => {
    const W = "/workspaces/u6/list";
    await sb.api("POST", W, { init: true });
    await sb.api("PUT", `${W}/file`, { path: "src/a.ts", content: "a" });
    await sb.api("PUT", `${W}/file`, { path: "node_modules/x/index.js", content: "x" });
    const r = await sb.api("GET", `${W}/list`);
    expect(r.json.files.map((f: any) => f.path)).toEqual(["README.md", "src/a.ts"]);
    expect(r.json.files[1]).toMatchObject({ name: "a.ts", type: "file", size: 1 });
    expect(r.json.truncated).toBe(false);
    const all = await sb.api("GET", `${W}/list?includeHidden=true`);
    expect(all.json.files.map((f: any) => f.path)).toEqual(["node_modules/x/index.js", "README.md", "src/a.ts"]);
    expect((await sb.api("GET", `${W}/list?path=src`)).json.files.map((f: any) => f.path)).toEqual(["src/a.ts"]);
    expect((await sb.api("GET", `${W}/list?path=../x`)).status).toBe(400);
  });

  it("uploads to the form's file_path (a file or a folder) and honours overwrite=false", async () => {
    const W = "/workspaces/u6/up";
    await sb.api("POST", W, {});
    const send = async (fields: Record<string, string>, name = "pic.png", body = "data") => {
      const form = new FormData();
      form.append("file", new Blob([body]), name);
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      const res = await fetch(`${sb.base}${W}/upload`, { method: "POST", body: form, headers: { authorization: `Bearer ${SECRET}` } });
      return { status: res.status, json: await res.json() };
    };
    expect((await send({ file_path: "assets/logo.png" })).json.files).toEqual([{ path: "assets/logo.png", size: 4 }]);
    expect((await send({ file_path: "assets/" })).json.files).toEqual([{ path: "assets/pic.png", size: 4 }]);
    expect((await send({ file_path: "assets" })).json.files).toEqual([{ path: "assets/pic.png", size: 4 }]);
    expect(await send({ file_path: "assets/logo.png", overwrite: "false" }, "x", "new")).toEqual({
      status: 409,
      json: { ok: false, error: "File already exists: assets/logo.png" },
    });
    expect((await send({ file_path: "assets/logo.png", overwrite: "true" }, "x", "newer")).json.files).toEqual([{ path: "assets/logo.png", size: 5 }]);
    expect((await send({ file_path: "../evil.png" })).status).toBe(400);
  });

  it("deletes a workspace with its terminals", async () => {
    const W = "/workspaces/u6/doomed";
    await sb.api("POST", W, { init: true });
    const t = await openTerminal(sb.base, "u6/doomed");
    await waitFor(() => t.frames.some((f) => f.type === "status"), "the terminal");
    expect(await sb.api("DELETE", W)).toEqual({ status: 200, json: { ok: true, deleted: true } });
    await t.closed;
    expect((await sb.api("GET", W)).status).toBe(404);
    expect((await sb.api("DELETE", W)).status).toBe(404);
  });
});
