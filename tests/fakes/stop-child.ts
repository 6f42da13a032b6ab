import type { ChildProcess } from "node:child_process";
import { stopProcess } from "../../scripts/stop-process.ts";

/** Ends a service a test started: SIGTERM, so it cleans up after itself, then SIGKILL if it has not exited within `graceMs`. */
export function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  return stopProcess(child, { graceMs });
}
