// One shell command for a workspace, run to its end: the coding agent's "run a command" tool.
// `bash -c` runs non-interactively in the workspace's jail (jail.ts: its own uid, an environment
// built from nothing of the host's, stdin empty), with a wall-clock limit after which the whole
// run is killed, and with bounded output: only the start and a rolling end of each stream are
// kept while it runs, so a command printing gigabytes cannot exhaust the host's memory.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import { StringDecoder } from "node:string_decoder";
import * as v from "valibot";
import { ok, readJson } from "./http.ts";
import type { Ctx } from "./context.ts";
import { jailMode, LIMITS, workspaceCommand, type Workspace } from "./jail.ts";
import { WORKSPACE_ENV } from "./terminal.ts";

/** Marks every process of one run (outside the jail), so a run can be ended even after setsid. */
export const EXEC_ENV = "SANDBOX_EXEC";
export const TIMEOUT_EXIT_CODE = 124;

export const ExecBody = v.object({
  command: v.pipe(v.string(), v.minLength(1, "command is required"), v.maxLength(10_000, "command is longer than 10000 characters")),
  timeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000), v.maxValue(600_000)), 120_000),
  maxOutputChars: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1000), v.maxValue(1_000_000)), 100_000),
});
export type ExecRequest = v.InferOutput<typeof ExecBody>;

export type ExecResult = { exitCode: number; stdout: string; stderr: string; timedOut: boolean; truncated: boolean; durationMs: number };

/**
 * Keeps the first 40% and a rolling last 60% of a stream's characters. Memory stays within about
 * three times the budget whatever the command prints.
 */
export class HeadTail {
  private head = "";
  private tail = "";
  private total = 0;
  private readonly decoder = new StringDecoder("utf8");
  private readonly max: number;
  private readonly headMax: number;
  private readonly tailMax: number;

  constructor(max: number) {
    this.max = max;
    this.headMax = Math.floor(max * 0.4);
    this.tailMax = max - this.headMax;
  }

  push(chunk: Buffer): void {
    this.add(this.decoder.write(chunk));
  }

  private add(text: string): void {
    this.total += text.length;
    if (this.head.length < this.headMax) {
      const room = this.headMax - this.head.length;
      this.head += text.slice(0, room);
      text = text.slice(room);
    }
    if (!text) return;
    this.tail += text;
    if (this.tail.length > 2 * this.tailMax) this.tail = this.tail.slice(-this.tailMax);
  }

  finish(): { text: string; truncated: boolean } {
    this.add(this.decoder.end());
    if (this.total <= this.max) return { text: this.head + this.tail, truncated: false };
    const tail = this.tail.slice(-this.tailMax);
    const omitted = this.total - this.head.length - tail.length;
    return { text: `${this.head}\n[… ${omitted} characters omitted …]\n${tail}`, truncated: true };
  }
}

/** Host pids whose environment carries this run's marker (direct and unisolated modes). */
async function markedPids(runId: string): Promise<number[]> {
  const marker = `${EXEC_ENV}=${runId}\0`;
  const names = await fs.readdir("/proc").catch(() => [] as string[]);
  const out: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const env = await fs.readFile(`/proc/${name}/environ`, "utf8").catch(() => "");
    if (`${env}\0`.includes(marker)) out.push(Number(name));
  }
  return out;
}

function kill(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Ends everything a run started. In the jail, killing bwrap's process group is enough: its
 * child dies with it (--die-with-parent) and takes the pid namespace, so every process the
 * command started, down. Outside the jail the run's process group is killed, then anything that
 * left the group (setsid, double fork) but still carries the run's marker.
 */
async function endRun(child: ChildProcess, runId: string | null): Promise<void> {
  if (child.pid) kill(-child.pid, "SIGKILL");
  if (!runId) return;
  for (let pass = 0; pass < 10; pass++) {
    const pids = await markedPids(runId);
    if (pids.length === 0) return;
    for (const pid of pids) kill(pid, "SIGKILL");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Runs `bash -c command` in the workspace and resolves when it and everything it started have
 * ended: at its own exit (background jobs end with it, as the jail's pid namespace does), at the
 * time limit (exit code 124, `timedOut`), or when `abort` fires (the caller went away).
 */
export async function runCommand(ws: Workspace, req: ExecRequest, abort?: AbortSignal): Promise<ExecResult> {
  const jailed = jailMode() === "jail";
  // In the jail the uid attributes the run's processes to the workspace; elsewhere the markers do.
  const runId = jailed ? null : randomUUID();
  const markers: Record<string, string> = runId ? { [WORKSPACE_ENV]: ws.dir, [EXEC_ENV]: runId } : {};
  const cmd = await workspaceCommand(ws, ["bash", "-c", req.command], {
    env: { CI: "1", GIT_TERMINAL_PROMPT: "0", ...markers },
    cpuSeconds: Math.max(LIMITS.cpuSecondsCommand, Math.ceil(req.timeoutMs / 1000)),
  });
  const started = performance.now();
  const out = new HeadTail(req.maxOutputChars);
  const err = new HeadTail(req.maxOutputChars);
  // detached: its own process group, so the run can be killed as a whole.
  const child = spawn(cmd.file, cmd.args, { cwd: cmd.cwd, env: cmd.env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  child.stdout.on("data", (d: Buffer) => out.push(d));
  child.stderr.on("data", (d: Buffer) => err.push(d));

  return new Promise((resolve) => {
    let timedOut = false;
    let settled = false;
    const stop = () => void endRun(child, runId);
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, req.timeoutMs);
    abort?.addEventListener("abort", stop, { once: true });
    const finish = (exitCode: number, extraErr = "") => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      abort?.removeEventListener("abort", stop);
      const stdout = out.finish();
      const stderr = err.finish();
      resolve({
        exitCode: timedOut ? TIMEOUT_EXIT_CODE : exitCode,
        stdout: stdout.text,
        stderr: stderr.text + extraErr,
        timedOut,
        truncated: stdout.truncated || stderr.truncated,
        durationMs: Math.round(performance.now() - started),
      });
    };
    // The command itself is done: whatever it left running in the background ends too (so the
    // output pipes close), as in the jail, where its pid namespace ends with it.
    child.once("exit", stop);
    child.once("error", (e) => {
      if (child.pid === undefined) finish(127, e.message); // it never started
    });
    child.once("close", (code, signal) => finish(code ?? (signal ? 128 + (os.constants.signals[signal] ?? 0) : 1)));
  });
}

export async function exec(ctx: Ctx): Promise<void> {
  const body = await readJson(ctx.req, ExecBody);
  // A caller that hangs up (its own time limit, a cancelled agent run) ends the command too.
  const gone = new AbortController();
  ctx.res.once("close", () => {
    if (!ctx.res.writableFinished) gone.abort();
  });
  ok(ctx.res, { ...(await runCommand(ctx.ws, body, gone.signal)) });
}
