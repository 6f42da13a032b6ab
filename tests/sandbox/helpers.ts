// Starts `node sandbox/server.ts` as a child process (SANDBOX_PORT=0, temp SANDBOX_ROOT) and
// gives the tests a small client for it.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import WebSocket from "ws";
import { stopChild } from "../fakes/stop-child.ts";

export const SECRET = "test-secret-0123456789abcdef";
const SERVER = path.resolve(import.meta.dirname, "../../sandbox/server.ts");

export async function waitFor<T>(fn: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type Sandbox = {
  base: string;
  /** The host process's pid. */
  pid: number;
  root: string;
  logs: () => string;
  api: (method: string, p: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; json: any }>;
  stop: () => Promise<void>;
};

export async function startSandbox(env: Record<string, string> = {}): Promise<Sandbox> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "sandbox-test-"));
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: { ...process.env, SANDBOX_SECRET: SECRET, SANDBOX_PORT: "0", SANDBOX_HOST: "127.0.0.1", SANDBOX_ROOT: path.join(root, "workspaces"), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += String(d)));
  child.stderr?.on("data", (d) => (out += String(d)));
  const port = await waitFor(() => {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    const m = /"event":"listening".*?"port":(\d+)/.exec(out);
    return m ? Number(m[1]) : null;
  }, "the sandbox to listen");
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    pid: child.pid ?? 0,
    root,
    logs: () => out,
    async api(method, p, body, headers = {}) {
      const res = await fetch(base + p, {
        method,
        headers: { authorization: `Bearer ${SECRET}`, ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let json: any = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: res.status, json };
    },
    async stop() {
      await stopChild(child);
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

/** A terminal client that records every frame it receives. */
export async function openTerminal(base: string, ws: string, secret = SECRET) {
  const frames: any[] = [];
  const socket = new WebSocket(`${base.replace("http", "ws")}/workspaces/${ws}/terminal`, {
    headers: { authorization: `Bearer ${secret}` },
  });
  socket.on("message", (raw) => frames.push(JSON.parse(String(raw))));
  const closed = new Promise<void>((r) => socket.once("close", () => r()));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return {
    socket,
    frames,
    closed,
    send: (frame: unknown) => socket.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
    output: () =>
      frames
        .filter((f) => f.type === "output")
        .map((f) => f.data)
        .join(""),
  };
}

export { freePort } from "../fakes/free-port.ts";

/** Host pids whose command line contains `text` (the jail's own pids mean nothing on the host). */
export async function hostPidsMatching(text: string): Promise<number[]> {
  const out: number[] = [];
  for (const name of await fs.readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const cmd = await fs.readFile(`/proc/${name}/cmdline`, "utf8").catch(() => "");
    if (cmd.split("\0").join(" ").includes(text)) out.push(Number(name));
  }
  return out;
}

let seq = 0;
/** Runs one command line in a terminal and resolves with what it printed (markers computed by the shell, so the echoed input never matches). */
export async function runIn(t: Awaited<ReturnType<typeof openTerminal>>, command: string, timeoutMs = 15_000): Promise<string> {
  const n = ++seq;
  t.send({ type: "input", data: `echo "<<B$((${n}*1))>>"; ${command}; echo "<<E$((${n}*1))>>"\r` });
  const re = new RegExp(`<<B${n}>>\\r?\\n([\\s\\S]*?)<<E${n}>>`);
  const m = await waitFor(() => re.exec(t.output()), `the output of ${command}`, timeoutMs);
  return m[1] ?? "";
}
