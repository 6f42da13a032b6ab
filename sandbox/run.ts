// Runs one command for a workspace (in its jail, see jail.ts) without a shell: either to the end,
// with a wall-clock limit, bounded output and optional stdin, or streamed (spawnInWorkspace).
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { jailMode, workspaceCommand, type CommandOptions, type Workspace } from "./jail.ts";

export type RunResult = { code: number; stdout: string; stderr: string; timedOut: boolean };
export type RunOptions = CommandOptions & { timeoutMs?: number; maxBuffer?: number; input?: Uint8Array };

export async function spawnInWorkspace(ws: Workspace, argv: string[], opts: CommandOptions = {}): Promise<ChildProcessWithoutNullStreams> {
  const cmd = await workspaceCommand(ws, argv, opts);
  return spawn(cmd.file, cmd.args, { cwd: cmd.cwd, env: cmd.env, stdio: ["pipe", "pipe", "pipe"] });
}

/** Where a host path inside the workspace is, as the command sees it. */
export function commandPath(ws: Workspace, abs: string): string {
  if (jailMode() !== "jail") return abs;
  const rel = path.relative(ws.dir, abs);
  return rel ? `/workspace/${rel.split(path.sep).join("/")}` : "/workspace";
}

export async function runInWorkspace(ws: Workspace, argv: string[], opts: RunOptions = {}): Promise<RunResult> {
  const child = await spawnInWorkspace(ws, argv, opts);
  const max = opts.maxBuffer ?? 32 * 1024 * 1024;
  return new Promise((resolve) => {
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    // SIGKILL: bwrap's --die-with-parent and the pid namespace then take the whole jail down.
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, opts.timeoutMs ?? 30_000);
    const collect = (which: "out" | "err") => (d: Buffer) => {
      if (which === "out" && stdout.length < max) stdout += String(d);
      else if (which === "err" && stderr.length < max) stderr += String(d);
    };
    child.stdout.on("data", collect("out"));
    child.stderr.on("data", collect("err"));
    child.stdin.on("error", () => {}); // the command may exit before reading everything
    child.stdin.end(opts.input ?? undefined);
    child.on("error", (err) => {
      clearTimeout(timer);
      resolve({ code: 127, stdout, stderr: stderr + err.message, timedOut });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr, timedOut });
    });
  });
}
