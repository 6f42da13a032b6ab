import { startFakeLlm, type FakeLlm } from "./fake-llm";

let fake: FakeLlm | null = null;

/** Starts the scripted model on the port the config chose (FAKE_LLM_PORT) for the whole run. */
export async function setup(): Promise<void> {
  fake = await startFakeLlm(Number(process.env.FAKE_LLM_PORT));
}

export async function teardown(): Promise<void> {
  await fake?.close();
}
