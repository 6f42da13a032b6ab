// Runs one non-interactive command for a workspace (in its jail, see jail.ts) with a wall-clock
// limit and bounded output, and without a shell.
import { execFile } from "node:child_process";
import { workspaceCommand, type CommandOptions, type Workspace } from "./jail.ts";

export type RunResult = { code: number; stdout: string; stderr: string; timedOut: boolean };
export type RunOptions = CommandOptions & { timeoutMs?: number; maxBuffer?: number };

export async function runInWorkspace(ws: Workspace, argv: string[], opts: RunOptions = {}): Promise<RunResult> {
  const cmd = await workspaceCommand(ws, argv, opts);
  return new Promise((resolve) => {
    execFile(
      cmd.file,
      cmd.args,
      // SIGKILL: bwrap's --die-with-parent then takes the whole jail down with it.
      { cwd: cmd.cwd, env: cmd.env, timeout: opts.timeoutMs ?? 30_000, killSignal: "SIGKILL", maxBuffer: opts.maxBuffer ?? 32 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { killed?: boolean; code?: number | string }) | null;
        resolve({ code: e ? (typeof e.code === "number" ? e.code : 1) : 0, stdout: String(stdout), stderr: String(stderr), timedOut: !!e?.killed });
      },
    );
  });
}
