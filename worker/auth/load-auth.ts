import type { Env } from "../env";
import type { Auth } from "./auth";

/**
 * better-auth for this isolate's env, loaded on the first request that needs it (sign-up, sign-in,
 * sign-out, a session due for renewal). Most requests read their session with fastSession and never
 * do: built at start, better-auth and its schemas were about 28,000 of the isolate's heap objects,
 * which every cold start paid for and every full garbage collection walked.
 */
export async function loadAuth(env: Env): Promise<Auth> {
  const { getAuth } = await import("./auth");
  return getAuth(env);
}
