// Runs one tool, jailed when the service is root (jail.ts): an argument array (never a shell), a
// clean environment, a time limit, killed when the client goes away, and bounded output so a
// chatty or hostile input cannot fill memory.
import { spawn } from "node:child_process";
import { ApiError } from "./errors.ts";
import { jailed } from "./jail.ts";

export type RunResult = { code: number | null; stdout: string; stderr: string };

export type RunOptions = {
  /** The request's folder: the tool's working directory, and in jail mode the only writable place it sees. */
  dir: string;
  /** Further folders the tool reads (the recogniser's model). */
  readOnly?: string[];
  signal: AbortSignal;
  timeoutMs: number;
  /** Written to the tool's standard input, then closed. */
  input?: string;
  /** Most bytes kept of stdout (the tool is killed past it) and of stderr (the rest is dropped). */
  maxStdout?: number;
};

const MAX_STDERR = 64 * 1024;

export function run(command: string, args: string[], opts: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    if (opts.signal.aborted) return reject(opts.signal.reason);
    // Only PATH and a neutral locale: the service's own key never reaches a child.
    const jail = jailed(command, args, opts.dir, opts.readOnly ?? []);
    const child = spawn(jail.file, jail.args, {
      cwd: opts.dir,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8" },
      stdio: [opts.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    const maxStdout = opts.maxStdout ?? 16 * 1024 * 1024;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outSize = 0;
    let errSize = 0;
    let failure: unknown = null;
    const kill = (why: unknown) => {
      failure ??= why;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(
      () => kill(new ApiError(504, `${command} took longer than ${Math.round(opts.timeoutMs / 1000)} s and was stopped`)),
      opts.timeoutMs,
    );
    const onAbort = () => kill(opts.signal.reason);
    opts.signal.addEventListener("abort", onAbort, { once: true });
    child.stdout!.on("data", (chunk: Buffer) => {
      outSize += chunk.length;
      if (outSize > maxStdout) return kill(new ApiError(500, `${command} produced more output than expected`));
      out.push(chunk);
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      if (errSize < MAX_STDERR) err.push(chunk);
      errSize += chunk.length;
    });
    if (child.stdin) {
      child.stdin.on("error", () => {}); // the tool may exit before reading everything; its exit code tells
      child.stdin.end(opts.input);
    }
    let settled = false;
    const finish = (code: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal.removeEventListener("abort", onAbort);
      if (failure) return reject(failure);
      resolve({ code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") });
    };
    // A tool that cannot start (not installed) reports "error" and may never "close".
    child.on("error", (e) => {
      failure ??= e;
      if (child.pid === undefined) finish(null);
    });
    child.on("close", finish);
  });
}
