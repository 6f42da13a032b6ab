// Listening ports of the processes a workspace's terminals started, read from /proc (Linux).
// A process belongs to a workspace when it runs as the workspace's own uid (jail mode: exact, the
// process cannot change it), descends from one of its live terminal shells, or (outside the jail)
// carries the workspace marker in its environment (which survives the shell exiting and the
// process being re-parented to init).
import fs from "node:fs/promises";
import * as v from "valibot";
import { HttpError, ok, readJson } from "./http.ts";
import { shellPids, WORKSPACE_ENV } from "./terminal.ts";
import type { Ctx } from "./context.ts";
import { uidOf, type Workspace } from "./jail.ts";

const CLK_TCK = 100; // USER_HZ is 100 on every mainstream Linux build

export type Listener = { port: number; pid: number; command: string; uptime_seconds: number; memory_rss_kb: number };

/** inode -> port for every socket in LISTEN state (state 0A), IPv4 and IPv6. */
async function listeningInodes(): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    const text = await fs.readFile(file, "utf8").catch(() => "");
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== "0A") continue;
      const port = parseInt((cols[1] ?? "").split(":")[1] ?? "", 16);
      const inode = cols[9] ?? "0";
      if (Number.isFinite(port) && inode !== "0") map.set(inode, port);
    }
  }
  return map;
}

/** Fields of /proc/[pid]/stat after the command name (which may itself contain spaces). */
export async function statFields(pid: number): Promise<string[] | null> {
  const text = await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (!text) return null;
  return text.slice(text.lastIndexOf(")") + 2).split(" ");
}

async function allPids(): Promise<number[]> {
  const names = await fs.readdir("/proc").catch(() => [] as string[]);
  return names.filter((n) => /^\d+$/.test(n)).map(Number);
}

/** The real uid of a process (first field of the Uid line), or null when it is gone. */
async function realUid(pid: number): Promise<number | null> {
  const status = await fs.readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const m = /^Uid:\s+(\d+)/m.exec(status);
  return m ? Number(m[1]) : null;
}

export async function workspacePids(ws: Workspace): Promise<Set<number>> {
  const wsDir = ws.dir;
  const uid = await uidOf(ws);
  const shells = shellPids(wsDir);
  const marker = `${WORKSPACE_ENV}=${wsDir}\0`;
  const parent = new Map<number, number>();
  const pids = await allPids();
  for (const pid of pids) {
    const f = await statFields(pid);
    if (f) parent.set(pid, Number(f[1])); // field 4 (ppid) is index 1 after the name
  }
  const owned = new Set<number>();
  for (const pid of pids) {
    let cur: number | undefined = pid;
    for (let depth = 0; cur && cur > 1 && depth < 64; depth++) {
      if (shells.has(cur)) {
        owned.add(pid);
        break;
      }
      cur = parent.get(cur);
    }
    if (owned.has(pid) || !parent.has(pid)) continue;
    if (uid !== null) {
      if ((await realUid(pid)) === uid) owned.add(pid);
      continue;
    }
    const env = await fs.readFile(`/proc/${pid}/environ`, "utf8").catch(() => "");
    if (`${env}\0`.includes(marker)) owned.add(pid);
  }
  return owned;
}

export async function listListeners(ws: Workspace): Promise<Listener[]> {
  const inodes = await listeningInodes();
  const owned = await workspacePids(ws);
  const uptimeText = await fs.readFile("/proc/uptime", "utf8").catch(() => "0");
  const systemUptime = parseFloat(uptimeText);
  const out: Listener[] = [];
  for (const pid of owned) {
    const fds = await fs.readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    const ports = new Set<number>();
    for (const fd of fds) {
      const link = await fs.readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
      const m = /^socket:\[(\d+)\]$/.exec(link);
      const port = m ? inodes.get(m[1] ?? "") : undefined;
      if (port !== undefined) ports.add(port);
    }
    if (ports.size === 0) continue;
    const f = await statFields(pid);
    const start = Number(f?.[19] ?? 0) / CLK_TCK; // field 22 (starttime)
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
    const status = await fs.readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    for (const port of ports) {
      out.push({
        port,
        pid,
        command: cmdline.split("\0").filter(Boolean).join(" "),
        uptime_seconds: Math.max(0, Math.round(systemUptime - start)),
        memory_rss_kb: rss,
      });
    }
  }
  return out.sort((a, b) => a.port - b.port || a.pid - b.pid);
}

export async function processes(ctx: Ctx): Promise<void> {
  ok(ctx.res, { processes: await listListeners(ctx.ws) });
}

const KillBody = v.object({
  port: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)),
  force: v.optional(v.boolean(), false),
});

/** A zombie counts as gone: it no longer holds its sockets, its parent just has not reaped it. */
export async function alive(pid: number): Promise<boolean> {
  const f = await statFields(pid);
  return f !== null && f[0] !== "Z" && f[0] !== "X";
}

export async function killPort(ctx: Ctx): Promise<void> {
  const body = await readJson(ctx.req, KillBody);
  const targets = (await listListeners(ctx.ws)).filter((l) => l.port === body.port);
  if (targets.length === 0) throw new HttpError(404, `No process of this workspace listens on port ${body.port}`);
  const killed: { pid: number; port: number }[] = [];
  const failed: { pid: number; port: number; error: string }[] = [];
  for (const t of targets) {
    try {
      process.kill(t.pid, body.force ? "SIGKILL" : "SIGTERM");
      // Give it up to 3 s to exit cleanly, then insist.
      const deadline = Date.now() + 3000;
      while ((await alive(t.pid)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      if (await alive(t.pid)) process.kill(t.pid, "SIGKILL");
      killed.push({ pid: t.pid, port: t.port });
    } catch (err) {
      failed.push({ pid: t.pid, port: t.port, error: (err as Error).message });
    }
  }
  ok(ctx.res, { killed_processes: killed, failed_processes: failed });
}
