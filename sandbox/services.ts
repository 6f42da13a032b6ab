// Workspace services: the health of the ports its processes listen on, and a "restart" that ends
// every terminal and process of the workspace (and nothing else) while the host keeps serving.
import http from "node:http";
import fs from "node:fs/promises";
import { ok } from "./http.ts";
import { alive, listListeners, statFields, workspacePids } from "./processes.ts";
import { endSessions } from "./terminal.ts";
import type { Ctx } from "./context.ts";
import type { Workspace } from "./jail.ts";

export const HEALTH_TIMEOUT_MS = 2000;

type Probe = { status_code: number | null; error: string | null };

/** GET http://127.0.0.1:<port>/ with a hard 2 s deadline; any HTTP answer counts as answering. */
function probe(port: number): Promise<Probe> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (p: Probe) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(p);
    };
    const req = http.request({ host: "127.0.0.1", port, path: "/", method: "GET", agent: false }, (res) => {
      res.resume();
      done({ status_code: res.statusCode ?? null, error: null });
    });
    const timer = setTimeout(() => done({ status_code: null, error: `No answer within ${HEALTH_TIMEOUT_MS / 1000} s` }), HEALTH_TIMEOUT_MS);
    req.on("error", (err: NodeJS.ErrnoException) => done({ status_code: null, error: err.code ?? err.message }));
    req.end();
  });
}

/**
 * The spec's service domains: one per listening port, `status` "available" when it answered over
 * HTTP, "error" otherwise. There is no per-port subdomain on this host, so `subdomain` is null.
 */
export async function domains(ctx: Ctx): Promise<void> {
  const byPort = new Map<number, Awaited<ReturnType<typeof listListeners>>>();
  for (const l of await listListeners(ctx.ws)) {
    const list = byPort.get(l.port) ?? [];
    list.push(l);
    byPort.set(l.port, list);
  }
  const app_domains = await Promise.all(
    [...byPort].map(async ([port, owners]) => {
      const first = owners[0]!;
      const p = await probe(port);
      return {
        name: first.command.split(" ")[0]?.split("/").pop() || `port-${port}`,
        subdomain: null,
        port,
        status: p.status_code !== null ? "available" : "error",
        status_code: p.status_code,
        error: p.error,
        pids: owners.map((o) => o.pid),
        command: first.command,
        process_info: { uptime_seconds: first.uptime_seconds, memory_rss_kb: first.memory_rss_kb },
      };
    }),
  );
  ok(ctx.res, { app_domains });
}

async function startTime(pid: number): Promise<string | null> {
  return (await statFields(pid))?.[19] ?? null;
}

async function commandOf(pid: number): Promise<string> {
  const text = await fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
  return text.split("\0").filter(Boolean).join(" ");
}

/** The host itself and its ancestors are never targets, whatever their environment says. */
async function protectedPids(): Promise<Set<number>> {
  const out = new Set<number>([process.pid]);
  let cur = process.ppid;
  for (let depth = 0; cur > 1 && depth < 64; depth++) {
    out.add(cur);
    const f = await statFields(cur);
    if (!f) break;
    cur = Number(f[1]);
  }
  return out;
}

type Target = { pid: number; start: string | null; command: string };

/** Sends `signal` unless the pid now belongs to another process; a vanished one is fine. */
function signalTarget(t: Target, signal: NodeJS.Signals, currentStart: string | null): string | null {
  if (t.start === null || currentStart !== t.start) return null;
  try {
    process.kill(t.pid, signal);
    return null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === "ESRCH" ? null : (code ?? (err as Error).message);
  }
}

async function survivors(targets: Target[], ms: number): Promise<Target[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const left: Target[] = [];
    for (const t of targets) if ((await alive(t.pid)) && (await startTime(t.pid)) === t.start) left.push(t);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Ends the workspace's shells (through their PTYs) and every process attributed to it by the
 * same rules as the process list: SIGTERM, up to 3 s of grace, then SIGKILL. Ownership is computed
 * before any shell ends, so children attributed only through a live shell are included; a second
 * pass catches anything started meanwhile. Other workspaces and the host itself are never touched.
 */
export async function restart(ctx: Ctx): Promise<void> {
  ok(ctx.res, await stopWorkspace(ctx.ws));
}

/** The work of `restart`, also used before a workspace is deleted. */
export async function stopWorkspace(ws: Workspace): Promise<{
  terminals_closed: number[];
  killed_processes: { pid: number; command: string }[];
  failed_processes: { pid: number; command: string; error: string }[];
}> {
  const guard = await protectedPids();
  const killed: { pid: number; command: string }[] = [];
  const failed: { pid: number; command: string; error: string }[] = [];
  const seen = new Set<number>();
  const terminals: number[] = [];

  for (let pass = 0; pass < 2; pass++) {
    const owned = [...(await workspacePids(ws))].filter((pid) => !guard.has(pid) && !seen.has(pid));
    // Each target's start time is kept so a pid reused by an unrelated process is left alone.
    const targets: Target[] = await Promise.all(owned.map(async (pid) => ({ pid, start: await startTime(pid), command: await commandOf(pid) })));
    for (const pid of endSessions(ws.dir)) terminals.push(pid);
    const shells = new Set(terminals);
    const others = targets.filter((t) => !shells.has(t.pid)); // shells end through their PTYs
    for (const t of targets) seen.add(t.pid);
    if (targets.length === 0) break;

    const errors = new Map<number, string>();
    for (const t of others) {
      const e = signalTarget(t, "SIGTERM", await startTime(t.pid));
      if (e) errors.set(t.pid, e);
    }
    for (const t of await survivors(others, 3000)) {
      const e = signalTarget(t, "SIGKILL", await startTime(t.pid));
      if (e) errors.set(t.pid, e);
    }
    const stuck = new Set((await survivors(others, 1000)).map((t) => t.pid));
    for (const t of others) {
      if (stuck.has(t.pid)) failed.push({ ...t, error: errors.get(t.pid) ?? "Still running" });
      else killed.push({ pid: t.pid, command: t.command });
    }
    // Shells get a moment to exit too (a PTY hang-up is normally immediate).
    await survivors(
      targets.filter((t) => shells.has(t.pid)),
      1000,
    );
  }
  return {
    terminals_closed: terminals,
    killed_processes: killed,
    failed_processes: failed.map(({ pid, command, error }) => ({ pid, command, error })),
  };
}
