import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { SECRET, startSandbox, type Sandbox } from "./helpers.ts";

let sb: Sandbox;
const W = "/workspaces/user_1/proj-a";

beforeAll(async () => {
  sb = await startSandbox();
  const created = await sb.api("POST", W, { init: true });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  await sb?.stop();
});

describe("auth and addressing", () => {
  it("refuses requests without the secret or with a wrong one", async () => {
    const none = await fetch(`${sb.base}${W}/tree`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ ok: false, error: "Unauthorized" });
    const wrong = await sb.api("GET", `${W}/tree`, undefined, { authorization: `Bearer ${SECRET}x` });
    expect(wrong.status).toBe(401);
  });

  it("refuses to start with a short secret", () => {
    const r = spawnSync(process.execPath, [path.resolve("sandbox/server.ts")], {
      env: { ...process.env, SANDBOX_SECRET: "short" },
      encoding: "utf8",
      timeout: 10_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("SANDBOX_SECRET");
  });

  it("validates ids, unknown workspaces and unknown routes", async () => {
    expect((await sb.api("POST", "/workspaces/bad.id/p")).status).toBe(400);
    expect((await sb.api("GET", "/workspaces/u/missing/tree")).status).toBe(404);
    expect((await sb.api("GET", `${W}/nope`)).status).toBe(404);
    expect((await sb.api("PUT", `${W}/file`, "{not json")).json).toEqual({ ok: false, error: "Invalid JSON body" });
    expect((await sb.api("PUT", `${W}/file`, { path: 3 })).status).toBe(400);
  });
});

describe("files", () => {
  it("lists the README of a new workspace, folders first, .git hidden", async () => {
    await sb.api("PUT", `${W}/file`, { path: "src/index.ts", content: "x" });
    const tree = await sb.api("GET", `${W}/tree`);
    expect(tree.status).toBe(200);
    const names = tree.json.entries.map((e: any) => e.name);
    expect(names).toEqual(["src", "README.md"]);
    const readme = tree.json.entries[1];
    expect(readme).toMatchObject({ path: "README.md", type: "file" });
    expect(readme.size).toBeGreaterThan(0);
    expect(Date.parse(readme.lastModified)).not.toBeNaN();
    const sub = await sb.api("GET", `${W}/tree?path=src`);
    expect(sub.json.entries).toEqual([expect.objectContaining({ name: "index.ts", path: "src/index.ts", type: "file", size: 1 })]);
  });

  it("writes (creating folders) then reads back", async () => {
    const put = await sb.api("PUT", `${W}/file`, { path: "deep/er/note.txt", content: "héllo\nworld" });
    expect(put.json).toMatchObject({ ok: true, path: "deep/er/note.txt" });
    const got = await sb.api("GET", `${W}/file?path=deep/er/note.txt`);
    expect(got.json).toMatchObject({ ok: true, content: "héllo\nworld", encoding: "utf8", size: Buffer.byteLength("héllo\nworld") });
    const raw = await fetch(`${sb.base}${W}/raw?path=deep/er/note.txt`, { headers: { authorization: `Bearer ${SECRET}` } });
    expect(raw.headers.get("content-type")).toContain("text/plain");
    expect(await raw.text()).toBe("héllo\nworld");
    expect((await sb.api("GET", `${W}/file?path=missing.txt`)).status).toBe(404);
  });

  it("refuses paths that escape the workspace and writes nothing outside", async () => {
    const outside = path.join(sb.root, "outside");
    await fs.mkdir(outside, { recursive: true });
    await fs.writeFile(path.join(outside, "secret.txt"), "top secret");
    const ws = path.join(sb.root, "workspaces", "user_1", "proj-a");
    await fs.symlink(outside, path.join(ws, "escape"));
    await fs.symlink(path.join(outside, "secret.txt"), path.join(ws, "escape-file"));

    const attempts: [string, string, unknown?][] = [
      ["GET", `${W}/file?path=../x`],
      ["GET", `${W}/file?path=/etc/passwd`],
      ["GET", `${W}/file?path=${encodeURIComponent("a\0b")}`],
      ["GET", `${W}/file?path=escape/secret.txt`],
      ["GET", `${W}/file?path=escape-file`],
      ["GET", `${W}/raw?path=escape-file`],
      ["GET", `${W}/tree?path=escape`],
      ["PUT", `${W}/file`, { path: "../../../pwned.txt", content: "x" }],
      ["PUT", `${W}/file`, { path: "/tmp/pwned.txt", content: "x" }],
      ["PUT", `${W}/file`, { path: "escape/pwned.txt", content: "x" }],
      ["PUT", `${W}/file`, { path: "escape/new/dir/pwned.txt", content: "x" }],
      ["PUT", `${W}/file`, { path: "escape-file", content: "overwritten" }],
      ["DELETE", `${W}/file?path=escape/secret.txt`],
    ];
    for (const [method, p, body] of attempts) {
      const r = await sb.api(method, p, body);
      expect({ p, status: r.status, json: r.json }).toEqual({ p, status: 400, json: { ok: false, error: "Path outside the workspace" } });
    }
    expect(await fs.readdir(outside)).toEqual(["secret.txt"]);
    expect(await fs.readFile(path.join(outside, "secret.txt"), "utf8")).toBe("top secret");
    await expect(fs.stat(path.join(sb.root, "pwned.txt"))).rejects.toThrow();
    // Escaping links are not listed in the tree either.
    const tree = await sb.api("GET", `${W}/tree`);
    expect(tree.json.entries.map((e: any) => e.name)).not.toContain("escape");
    await fs.rm(path.join(ws, "escape"));
    await fs.rm(path.join(ws, "escape-file"));
  });

  it("refuses to read files over 5 MB with 413", async () => {
    const ws = path.join(sb.root, "workspaces", "user_1", "proj-a");
    await fs.writeFile(path.join(ws, "big.bin"), Buffer.alloc(5 * 1024 * 1024 + 1, 97));
    await fs.writeFile(path.join(ws, "limit.txt"), Buffer.alloc(5 * 1024 * 1024, 97));
    const big = await sb.api("GET", `${W}/file?path=big.bin`);
    expect(big.status).toBe(413);
    expect(big.json.ok).toBe(false);
    const atLimit = await sb.api("GET", `${W}/file?path=limit.txt`);
    expect(atLimit.status).toBe(200);
    expect(atLimit.json.size).toBe(5 * 1024 * 1024);
    await fs.rm(path.join(ws, "big.bin"));
    await fs.rm(path.join(ws, "limit.txt"));
  });

  it("uploads several files and overwrites existing ones", async () => {
    await sb.api("PUT", `${W}/file`, { path: "uploads/a.txt", content: "old" });
    const form = new FormData();
    form.append("file", new File(["new content"], "a.txt"));
    form.append("file", new File([new Uint8Array([0, 1, 2, 255])], "b.bin"));
    const res = await fetch(`${sb.base}${W}/upload?path=uploads`, { method: "POST", body: form, headers: { authorization: `Bearer ${SECRET}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).files).toEqual([
      { path: "uploads/a.txt", size: 11 },
      { path: "uploads/b.bin", size: 4 },
    ]);
    expect((await sb.api("GET", `${W}/file?path=uploads/a.txt`)).json.content).toBe("new content");
    const bin = await sb.api("GET", `${W}/file?path=uploads/b.bin`);
    expect(bin.json).toMatchObject({ encoding: "base64", content: Buffer.from([0, 1, 2, 255]).toString("base64") });

    const evil = new FormData();
    evil.append("file", new File(["x"], "../../evil.txt"));
    const r2 = await fetch(`${sb.base}${W}/upload?path=../`, { method: "POST", body: evil, headers: { authorization: `Bearer ${SECRET}` } });
    expect(r2.status).toBe(400);
    const empty = await fetch(`${sb.base}${W}/upload`, { method: "POST", body: new FormData(), headers: { authorization: `Bearer ${SECRET}` } });
    expect(empty.status).toBe(400);
  });

  it("deletes files and folders", async () => {
    await sb.api("PUT", `${W}/file`, { path: "tmp/x/y.txt", content: "y" });
    expect((await sb.api("DELETE", `${W}/file?path=tmp/x/y.txt`)).status).toBe(200);
    expect((await sb.api("GET", `${W}/file?path=tmp/x/y.txt`)).status).toBe(404);
    expect((await sb.api("DELETE", `${W}/file?path=tmp`)).status).toBe(200);
    expect((await sb.api("DELETE", `${W}/file?path=tmp`)).status).toBe(404);
    expect((await sb.api("DELETE", `${W}/file?path=`)).status).toBe(400);
  });
});
