// CPU time a local server (`wrangler dev`) spent during a round, read from /proc: the workerd that
// runs the Worker and its Durable Objects, and the one in front of it (wrangler's dev proxy, which
// listens on the port). Unlike latency, CPU per message hardly depends on what else the machine
// runs, so it compares the app with the floor even on a busy machine. Linux only; elsewhere n/a.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

interface Proc {
  pid: number;
  comm: string;
  pgrp: number;
  ticks: number;
}

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const close = stat.lastIndexOf(")");
    const fields = stat.slice(close + 2).split(" ");
    return { pid, comm: stat.slice(stat.indexOf("(") + 1, close), pgrp: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

function listener(port: number): number | null {
  try {
    const out = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
    const pid = /pid=(\d+)/.exec(out)?.[1];
    return pid ? Number(pid) : null;
  } catch {
    return null;
  }
}

export interface CpuSample {
  proxy: number;
  worker: number;
}

/** The server on `port`: its process group's workerd processes, split into the dev proxy and the rest. */
export function cpuNow(port: number): CpuSample | null {
  const proxyPid = listener(port);
  const proxy = proxyPid === null ? null : readProc(proxyPid);
  if (!proxy) return null;
  let worker = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === proxy.pid) continue;
    const p = readProc(Number(entry));
    if (p && p.pgrp === proxy.pgrp && p.comm === "workerd") worker += p.ticks;
  }
  return { proxy: proxy.ticks * TICK_MS, worker: worker * TICK_MS };
}

/** CPU milliseconds per message between two samples; null when either is missing (or the worker restarted). */
export function cpuPerMessage(before: CpuSample | null, after: CpuSample | null, messages: number): CpuSample | null {
  if (!before || !after || messages === 0 || after.worker < before.worker || after.proxy < before.proxy) return null;
  return { proxy: (after.proxy - before.proxy) / messages, worker: (after.worker - before.worker) / messages };
}
