import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { CHROMIUM_PATH, E2E_PORT } from "./config.ts";

const root = resolve(import.meta.dirname, "../..");
let app: ChildProcess | undefined;

/** Starts the product exactly as `npm start` does, on its own port and with fresh local state. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    // Failing, not skipping: a green run without browser tests would hide broken pages.
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
  const stateDir = resolve(root, ".e2e-state");
  rmSync(stateDir, { recursive: true, force: true });
  app = spawn(process.execPath, ["scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(E2E_PORT), STATE_DIR: stateDir },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so teardown can stop wrangler and workerd with it.
    detached: true,
  });
  let output = "";
  const ready = new Promise<void>((resolveReady, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Team chat is running at")) resolveReady();
    };
    app!.stdout!.on("data", onData);
    app!.stderr!.on("data", onData);
    app!.on("exit", (code) => reject(new Error(`npm start exited early (code ${code}):\n${output.slice(-4000)}`)));
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`app not ready in 240 s:\n${output.slice(-4000)}`)), 240_000);
  });
  await Promise.race([ready, timeout]).finally(() => clearTimeout(timer));
  project.provide("baseUrl", `http://127.0.0.1:${E2E_PORT}`);

  return async () => {
    if (!app || app.exitCode !== null) return;
    const exited = new Promise((r) => app!.once("exit", r));
    const group = -app.pid!;
    process.kill(group, "SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    try {
      process.kill(group, "SIGKILL");
    } catch {
      // already gone
    }
    app.stdout?.destroy();
    app.stderr?.destroy();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
