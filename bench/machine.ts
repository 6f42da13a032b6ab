// The machine a benchmark ran on, for its summary: cores, CPU model and load.
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";

export function cpuModel(): string {
  try {
    return /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? "unknown";
  } catch {
    return cpus()[0]?.model ?? "unknown";
  }
}

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
export const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

export function machineLine(loadBefore: string, loadAfter: string): string {
  return `machine: ${cpus().length} cores, ${cpuModel()}; load average before ${loadBefore}, after ${loadAfter}`;
}
