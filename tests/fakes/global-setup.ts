import { startSandbox, type Sandbox } from "../sandbox/helpers";
import { startFakeLlm, type FakeLlm } from "./fake-llm";

let fake: FakeLlm | null = null;
let sandbox: Sandbox | null = null;

/**
 * For the whole worker test run: the scripted model on FAKE_LLM_PORT and a real sandbox host on
 * WORKER_SANDBOX_PORT (both chosen by vitest.worker.config.ts, which passes them to the Worker).
 */
export async function setup(): Promise<void> {
  fake = await startFakeLlm(Number(process.env.FAKE_LLM_PORT));
  sandbox = await startSandbox({ SANDBOX_PORT: String(process.env.WORKER_SANDBOX_PORT) });
}

export async function teardown(): Promise<void> {
  await fake?.close();
  await sandbox?.stop();
}
