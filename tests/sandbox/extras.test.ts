import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SECRET, openTerminal, startSandbox, waitFor, type Sandbox, freePort, hostPidsMatching } from "./helpers.ts";

let sb: Sandbox;
let tmp: string;
const A = "u4/ext";
const B = "u4/other";
const WA = `/workspaces/${A}`;
const WB = `/workspaces/${B}`;
const started: number[] = [];
const terminals: Awaited<ReturnType<typeof openTerminal>>[] = [];

function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  const stat = spawnSync("cat", [`/proc/${pid}/stat`], { encoding: "utf8" }).stdout;
  return / [ZX] /.test(stat.slice(stat.lastIndexOf(")")));
}

/** Opens a terminal in `ws`, starts a command there and waits until `port` shows in its domains. */
async function serve(ws: string, port: number, command: string) {
  const t = await openTerminal(sb.base, ws);
  terminals.push(t);
  t.send({ type: "input", data: `${command}\r` });
  const d = await waitFor(
    async () => {
      const r = await sb.api("GET", `/workspaces/${ws}/domains`);
      return r.json.app_domains?.find((x: any) => x.port === port);
    },
    `port ${port} in the domains of ${ws}`,
    20_000,
  );
  started.push(...d.pids);
  return { t, d };
}

const httpServer = (port: number) => `python3 -m http.server ${port} --bind 127.0.0.1`;

beforeAll(async () => {
  sb = await startSandbox();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "sandbox-extras-"));
  expect((await sb.api("POST", WA, { init: true })).status).toBe(201);
  expect((await sb.api("POST", WB)).status).toBe(201);
});
afterAll(async () => {
  for (const t of terminals) t.socket.terminate();
  for (const pid of started) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  await sb?.stop();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe("auth", () => {
  it("refuses the new routes without the secret", async () => {
    for (const [method, p] of [
      ["GET", `${WA}/download?path=`],
      ["GET", `${WA}/domains`],
      ["POST", `${WA}/restart`],
    ] as const) {
      const res = await fetch(`${sb.base}${p}`, { method });
      expect(res.status, `${method} ${p}`).toBe(401);
      expect(await res.json()).toEqual({ ok: false, error: "Unauthorized" });
    }
  });
});

describe("folder download", () => {
  it("streams a .tar.gz of exactly the folder's files, without .git, with size and count headers", async () => {
    expect((await sb.api("PUT", `${WA}/file`, { path: "pkg/a.txt", content: "alpha\n" })).status).toBe(200);
    expect(
      (await sb.api("PUT", `${WA}/file`, { path: "pkg/sub/b.bin", content: Buffer.from([0, 1, 2, 255]).toString("base64"), encoding: "base64" })).status,
    ).toBe(200);
    // A nested repository (the file API may not write into .git, the terminal may).
    await fs.mkdir(path.join(sb.root, "workspaces", "u4", "ext", "pkg", ".git"));
    await fs.writeFile(path.join(sb.root, "workspaces", "u4", "ext", "pkg", ".git", "HEAD"), "ref: refs/heads/x\n");

    const res = await fetch(`${sb.base}${WA}/download?path=pkg`, { headers: { authorization: `Bearer ${SECRET}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="pkg\.tar\.gz"/);
    expect(res.headers.get("x-folder-size")).toBe(String(6 + 4));
    expect(res.headers.get("x-file-count")).toBe("2");

    const file = path.join(tmp, "pkg.tar.gz");
    await fs.writeFile(file, Buffer.from(await res.arrayBuffer()));
    const list = spawnSync("tar", ["-tzf", file], { encoding: "utf8" });
    expect(list.status).toBe(0);
    const names = list.stdout.split("\n").filter(Boolean).sort();
    expect(names.filter((n) => !n.endsWith("/"))).toEqual(["pkg/a.txt", "pkg/sub/b.bin"]);
    expect(names).toEqual(["pkg/a.txt", "pkg/sub/", "pkg/sub/b.bin"]);

    const out = path.join(tmp, "x");
    await fs.mkdir(out);
    expect(spawnSync("tar", ["-xzf", file, "-C", out]).status).toBe(0);
    expect(await fs.readFile(path.join(out, "pkg/a.txt"), "utf8")).toBe("alpha\n");
    expect([...(await fs.readFile(path.join(out, "pkg/sub/b.bin")))]).toEqual([0, 1, 2, 255]);
  });

  it("downloads the whole workspace by default, named after the project", async () => {
    const res = await fetch(`${sb.base}${WA}/download`, { headers: { authorization: `Bearer ${SECRET}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/filename="ext\.tar\.gz"/);
    const file = path.join(tmp, "ext.tar.gz");
    await fs.writeFile(file, Buffer.from(await res.arrayBuffer()));
    const names = spawnSync("tar", ["-tzf", file], { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
    expect(names).toContain("ext/README.md");
    expect(names.some((n) => n.includes(".git"))).toBe(false);
  });

  it("refuses path escapes, files, .git and missing folders", async () => {
    const wsDir = path.join(sb.root, "workspaces", "u4", "ext");
    await fs.symlink(os.tmpdir(), path.join(wsDir, "escape"));
    for (const p of ["..", "../other", "/etc", "escape", "pkg/../../other"]) {
      const r = await sb.api("GET", `${WA}/download?path=${encodeURIComponent(p)}`);
      expect(r.status, p).toBe(400);
      expect(r.json.error).toBe("Path outside the workspace");
    }
    expect((await sb.api("GET", `${WA}/download?path=pkg/a.txt`)).json).toEqual({ ok: false, error: "Not a directory" });
    expect((await sb.api("GET", `${WA}/download?path=.git`)).status).toBe(400);
    expect((await sb.api("GET", `${WA}/download?path=nope`)).status).toBe(404);
    await fs.rm(path.join(wsDir, "escape"));
  });

  it("refuses folders over 500 MB or 20,000 files with 413", async () => {
    const wsDir = path.join(sb.root, "workspaces", "u4", "ext");
    await fs.mkdir(path.join(wsDir, "big"));
    await fs.writeFile(path.join(wsDir, "big", "sparse.bin"), "");
    await fs.truncate(path.join(wsDir, "big", "sparse.bin"), 501 * 1024 * 1024); // sparse: no real disk use
    const big = await sb.api("GET", `${WA}/download?path=big`);
    expect(big.status).toBe(413);
    expect(big.json.error).toMatch(/500 MB/);

    const many = path.join(wsDir, "many");
    await fs.mkdir(many);
    for (let i = 0; i <= 20_000; i += 500) {
      await Promise.all(Array.from({ length: Math.min(500, 20_001 - i) }, (_, j) => fs.writeFile(path.join(many, `f${i + j}`), "")));
    }
    const r = await sb.api("GET", `${WA}/download?path=many`);
    expect(r.status).toBe(413);
    expect(r.json.error).toMatch(/20000 files/);
    await fs.rm(path.join(wsDir, "big"), { recursive: true });
    await fs.rm(many, { recursive: true });
  });
});

describe("domains", () => {
  it("shows a running server as available and drops it once killed; a silent port is an error", async () => {
    const port = await freePort();
    const { t, d } = await serve(A, port, httpServer(port));
    const healthy = await waitFor(
      async () => {
        const r = await sb.api("GET", `${WA}/domains`);
        return r.json.app_domains.find((x: any) => x.port === port && x.status === "available");
      },
      "the server to answer",
      20_000,
    );
    expect(healthy).toMatchObject({ port, status: "available", status_code: 200, error: null, subdomain: null });
    expect(healthy.process_info.memory_rss_kb).toBeGreaterThan(0);
    expect(healthy.process_info.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect((await sb.api("GET", `${WB}/domains`)).json.app_domains).toEqual([]);

    // A port that accepts connections but never answers HTTP is reported within the 2 s deadline.
    const silent = await freePort();
    const s = await serve(A, silent, `python3 -c "import socket,time; s=socket.socket(); s.bind(('127.0.0.1',${silent})); s.listen(); time.sleep(600)"`);
    const t0 = Date.now();
    const r = await sb.api("GET", `${WA}/domains`);
    expect(Date.now() - t0).toBeLessThan(4000);
    expect(r.json.app_domains.find((x: any) => x.port === silent)).toMatchObject({ status: "error", status_code: null });
    expect(r.json.app_domains.find((x: any) => x.port === silent).error).toMatch(/2 s/);

    for (const p of [port, silent]) {
      expect((await sb.api("POST", `${WA}/processes/kill`, { port: p })).status).toBe(200);
    }
    await waitFor(async () => {
      const list = (await sb.api("GET", `${WA}/domains`)).json.app_domains;
      return !list.some((x: any) => x.port === port || x.port === silent);
    }, "the killed ports to disappear");
    expect(gone(d.pids[0])).toBe(true);
    for (const x of [t, s.t]) {
      x.socket.close();
      await x.closed;
    }
  });
});

describe("restart", () => {
  it("stops the workspace's terminals and processes, leaves other workspaces alone and keeps serving", async () => {
    const portA = await freePort();
    const portB = await freePort();
    const a = await serve(A, portA, httpServer(portA));
    const b = await serve(B, portB, httpServer(portB));
    const idle = await openTerminal(sb.base, A);
    terminals.push(idle);
    idle.send({ type: "input", data: "sleep 31338 & echo idle-ready\r" });
    await waitFor(() => idle.output().includes("idle-ready"), "the idle shell's job");

    const r = await sb.api("POST", `${WA}/restart`);
    expect(r.status).toBe(200);
    expect(r.json.ok).toBe(true);
    expect(r.json.failed_processes).toEqual([]);
    expect(r.json.terminals_closed).toHaveLength(2);
    expect(r.json.killed_processes.map((p: any) => p.pid)).toEqual(expect.arrayContaining(a.d.pids));
    expect(r.json.killed_processes.some((p: any) => b.d.pids.includes(p.pid))).toBe(false);

    // A's terminals report their end and close; A's server is gone.
    await waitFor(() => idle.frames.find((f) => f.type === "session_exit"), "session_exit on the idle terminal");
    await idle.closed;
    await a.t.closed;
    await waitFor(() => a.d.pids.every(gone), "A's server to end");
    await waitFor(async () => (await hostPidsMatching("sleep 31338")).length === 0, "the idle shell's job to end");
    expect((await sb.api("GET", `${WA}/domains`)).json.app_domains).toEqual([]);
    expect((await sb.api("GET", `${WA}/processes`)).json.processes).toEqual([]);

    // B's server and terminal still run, and the host still serves.
    expect(b.d.pids.some(gone)).toBe(false);
    const bDomains = (await sb.api("GET", `${WB}/domains`)).json.app_domains;
    expect(bDomains).toEqual([expect.objectContaining({ port: portB, status: "available", status_code: 200 })]);
    b.t.send({ type: "input", data: "\u0003echo still-here\r" }); // Ctrl-C the server, then use the shell
    await waitFor(() => b.t.output().includes("still-here"), "B's terminal to still answer");
    expect((await sb.api("GET", "/health")).json).toEqual({ ok: true, status: "healthy" });

    // Restarting an idle workspace is harmless.
    const again = await sb.api("POST", `${WA}/restart`);
    expect(again.json).toEqual({ ok: true, terminals_closed: [], killed_processes: [], failed_processes: [] });
  });
});
