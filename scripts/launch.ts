// Starts the product exactly as `npm start` does, in the background, and says when it is ready.
// Shared by the browser tests and the benchmark.
import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";
import { stopProcess } from "./stop-process.ts";

const root = resolve(import.meta.dirname, "..");

export interface RunningApp {
  url: string;
  stop(): Promise<void>;
}

export async function launchApp(opts: {
  port: number;
  stateDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Sees everything the app prints, from start to stop. */
  onOutput?: (chunk: Buffer) => void;
}): Promise<RunningApp> {
  const child: ChildProcess = spawn(process.execPath, ["scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(opts.port), STATE_DIR: opts.stateDir, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so stop() ends wrangler and workerd with it.
    detached: true,
  });
  let output = "";
  let timer: NodeJS.Timeout | undefined;
  const ready = new Promise<void>((resolveReady, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      opts.onOutput?.(chunk);
      if (output.includes("Team chat is running at")) resolveReady();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`npm start exited early (code ${code}):\n${output.slice(-4000)}`)));
    timer = setTimeout(() => reject(new Error(`app not ready in time:\n${output.slice(-4000)}`)), opts.timeoutMs ?? 240_000);
  });
  await ready.finally(() => clearTimeout(timer));

  return {
    url: `http://127.0.0.1:${opts.port}`,
    async stop() {
      await stopProcess(child, { group: true });
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
  };
}
