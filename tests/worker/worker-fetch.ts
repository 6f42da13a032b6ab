import { createExecutionContext, env } from "cloudflare:test";
import { afterAll, beforeAll } from "vitest";
import worker from "../../worker/index";
import type { Env } from "../../worker/env";

/** The env requests reach the Worker with; useRealPasswordHash swaps it for one file. */
let handlerEnv = env as unknown as Env;

/**
 * Hands a request to the Worker's own fetch handler, inside this workerd, with the real bindings
 * (D1, R2, Durable Objects, Queues) and a real ExecutionContext whose waitUntil work the pool
 * awaits after each test.
 *
 * Not `SELF.fetch`: under vitest-pool-workers every SELF.fetch in one workerd costs more than the
 * one before (cloudflare/workers-sdk#15446). Measured here on a 404 route: 27 ms a call for the
 * first 500, 167 ms for the next 500, 450 ms for the 500 after, then "Maximum call stack size
 * exceeded", while this function answered the same 1,500 requests at 0.05 to 0.09 ms each. The
 * HTTP hop it skips is covered by the browser tests, which talk to the product over real sockets.
 */
export function workerFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  return Promise.resolve(worker.fetch(request, handlerEnv, createExecutionContext()));
}

/**
 * For the calling file only: its requests reach the Worker without TEST_CHEAP_PASSWORD_HASH, as in
 * every deploy, so sign-ups and sign-ins hash with better-auth's own scrypt (the auth instance is
 * made per env object, worker/auth/auth.ts). The file still shares its workerd with the others,
 * which keep the cheap hash that vitest.worker.config.ts sets.
 */
export function useRealPasswordHash(): void {
  beforeAll(() => {
    handlerEnv = { ...(env as unknown as Env), TEST_CHEAP_PASSWORD_HASH: undefined };
  });
  afterAll(() => {
    handlerEnv = env as unknown as Env;
  });
}

/** Whether this file's requests hash passwords for real (useRealPasswordHash): its users must sign up through the route. */
export function usesRealPasswordHash(): boolean {
  return handlerEnv.TEST_CHEAP_PASSWORD_HASH !== "1";
}
