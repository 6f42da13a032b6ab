import type { ChildProcess } from "node:child_process";

/**
 * Ends a process we started: SIGTERM, so it cleans up after itself, then SIGKILL if it has not exited
 * within `graceMs`. With `group`, the signals go to its whole process group (wrangler and the workerd
 * it started), and the group is always killed at the end: a workerd may outlive its wrangler.
 * The grace timer is cleared once the process is gone: left running, it kept every test run and
 * benchmark alive 5 s after its work was done.
 */
export async function stopProcess(child: ChildProcess, opts: { group?: boolean; graceMs?: number } = {}): Promise<void> {
  const send = (signal: NodeJS.Signals) => {
    try {
      if (opts.group) process.kill(-child.pid!, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  };
  const running = () => child.exitCode === null && child.signalCode === null;
  if (!running()) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  send("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, opts.graceMs ?? 5000)))]).finally(() => clearTimeout(timer));
  if (opts.group || running()) send("SIGKILL");
}
