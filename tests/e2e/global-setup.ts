import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { launchApp } from "../../scripts/launch.ts";
import { CHROMIUM_PATH, E2E_PORT } from "./config.ts";

const root = resolve(import.meta.dirname, "../..");

/** Starts the product exactly as `npm start` does, on its own port and with fresh local state. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    // Failing, not skipping: a green run without browser tests would hide broken pages.
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
  const stateDir = resolve(root, ".e2e-state");
  rmSync(stateDir, { recursive: true, force: true });
  const app = await launchApp({ port: E2E_PORT, stateDir, env: { AUTH_RATE_LIMIT_MAX: "1000" } });
  project.provide("baseUrl", app.url);
  return () => app.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
