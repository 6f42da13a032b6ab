// Starts the benchmark's floor (bench/floor/) with its own `wrangler dev`: fresh state, its own
// port, the same dev proxy and workerd in front of it as in front of the app.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { stopProcess } from "../scripts/stop-process.ts";
import { serverOutput } from "./server-output.ts";

const root = resolve(import.meta.dirname, "..");

/**
 * Settings of `wrangler dev` for both the app and the floor. Local observability (on by default)
 * streams a trace of every invocation to a collector that writes it to SQLite, on the same workerd
 * thread as the rooms: about 1 ms of CPU a message (measured: 0.9 for the app, 1.4 for the floor)
 * and an fsync every few messages, which production does not have. Off for both, so the figures
 * are the code's.
 */
export const BENCH_WRANGLER_ENV = { X_LOCAL_OBSERVABILITY: "false" };

export interface RunningFloor {
  url: string;
  stop(): Promise<void>;
}

export async function launchFloor(port: number, timeoutMs = 120_000): Promise<RunningFloor> {
  const state = mkdtempSync(join(tmpdir(), "teamchat-floor-"));
  const child = spawn(
    join(root, "node_modules", ".bin", "wrangler"),
    ["dev", "-c", "bench/floor/wrangler.toml", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", state, "--show-interactive-dev-session=false"],
    // Its own process group, so stop() ends workerd with it.
    {
      cwd: root,
      env: { ...process.env, ...BENCH_WRANGLER_ENV, WRANGLER_SEND_METRICS: "false", CI: "true" },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let output = "";
  const log = serverOutput(`floor-${port}`);
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    log?.(chunk);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(child, { group: true });
    rmSync(state, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { url, stop };
    await new Promise((r) => setTimeout(r, 300));
  }
  await stop();
  throw new Error(`the floor's wrangler dev did not start:\n${output.slice(-4000)}`);
}
