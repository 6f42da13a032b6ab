import { existsSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { launchApp } from "../../scripts/launch.ts";
import { startFakeLlm } from "../fakes/fake-llm.ts";
import { FAKE_SMTP_PASSWORD, FAKE_SMTP_USER, startFakeSmtp } from "../fakes/smtp-server.ts";
import { CHROMIUM_PATH, E2E_PORT, EMBED_PARENT_PORT, SMTP_HTTP_PORT, SMTP_PORT } from "./config.ts";

const root = resolve(import.meta.dirname, "../..");

/** Starts the product exactly as `npm start` does, on its own port and with fresh local state. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    // Failing, not skipping: a green run without browser tests would hide broken pages.
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install it with: apt-get update && apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
  // Per port, so two runs on different E2E_PORTs do not share (and wipe) each other's state.
  const stateDir = resolve(root, E2E_PORT === 8799 ? ".e2e-state" : `.e2e-state-${E2E_PORT}`);
  rmSync(stateDir, { recursive: true, force: true });
  // The agent answers through the scripted model, over the Anthropic protocol (the default model).
  const llm = await startFakeLlm();
  // Invitations are really mailed: the Queue job delivers them over SMTP to this server, and tests read them back.
  const smtp = await startFakeSmtp(SMTP_PORT, SMTP_HTTP_PORT);
  const app = await launchApp({
    port: E2E_PORT,
    stateDir,
    env: {
      AUTH_RATE_LIMIT_MAX: "1000",
      ANTHROPIC_API_KEY: "e2e-key",
      ANTHROPIC_BASE_URL: `${llm.url}/v1`,
      OPENAI_BASE_URL: `${llm.url}/v1`,
      OPENAI_API_KEY: "e2e-key",
      EMBED_ORIGINS: `http://localhost:${EMBED_PARENT_PORT}`,
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(SMTP_PORT),
      SMTP_USER: FAKE_SMTP_USER,
      SMTP_PASSWORD: FAKE_SMTP_PASSWORD,
      MAIL_FROM: "Team Chat <no-reply@example.com>",
    },
  });
  project.provide("baseUrl", app.url);
  project.provide("mailUrl", `http://127.0.0.1:${SMTP_HTTP_PORT}`);
  return async () => {
    await app.stop();
    await llm.close();
    await smtp.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The fake SMTP server's side door: `GET /mails?to=<address>` answers the mails that address received. */
    mailUrl: string;
  }
}
