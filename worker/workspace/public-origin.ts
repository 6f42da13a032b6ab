import type { Context } from "hono";
import type { AppEnv } from "../lib/app";

/** The origin browsers use for this product: BETTER_AUTH_URL behind a proxy, else the request's own. */
export function publicOrigin(c: Context<AppEnv>): string {
  return c.env.BETTER_AUTH_URL ? new URL(c.env.BETTER_AUTH_URL).origin : new URL(c.req.url).origin;
}
