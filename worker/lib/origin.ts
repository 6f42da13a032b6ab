import type { Context } from "hono";
import type { AppEnv } from "./app";
import { ApiError } from "./envelope";

/**
 * WebSocket upgrades are not covered by CORS, so a hostile page could open one with the user's
 * cookie. Browsers always send Origin on them: it must be this site. Clients without an Origin
 * (server-side tools) are not browsers and cannot ride on someone's cookie.
 */
export function requireSameOrigin(c: Context<AppEnv>): void {
  const origin = c.req.header("origin");
  if (!origin) return;
  const allowed = new Set([new URL(c.req.url).origin]);
  // Behind a proxy the request URL may differ from the public origin the browser sees.
  if (c.env.BETTER_AUTH_URL) allowed.add(new URL(c.env.BETTER_AUTH_URL).origin);
  if (!allowed.has(origin)) throw new ApiError(403, "Origin not allowed");
}
