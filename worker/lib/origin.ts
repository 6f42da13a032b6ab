import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./app";
import { ApiError } from "./envelope";

const ORIGIN_REFUSED = "Origin not allowed";
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Origins whose pages may act with the user's cookie: this site as the request reached it, the
 * public URL (behind a proxy the request URL may differ from what the browser sees), and the
 * configured embedding parents (`EMBED_ORIGINS`, comma-separated, when the deploy sets it).
 */
function allowedOrigins(c: Context<AppEnv>): Set<string> {
  const allowed = new Set([new URL(c.req.url).origin]);
  if (c.env.BETTER_AUTH_URL) allowed.add(new URL(c.env.BETTER_AUTH_URL).origin);
  const embed = (c.env as { EMBED_ORIGINS?: unknown }).EMBED_ORIGINS;
  for (const entry of typeof embed === "string" ? embed.split(",") : []) {
    const origin = originOf(entry.trim());
    if (origin) allowed.add(origin);
  }
  return allowed;
}

function originOf(url: string): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/**
 * WebSocket upgrades are not covered by CORS, so a hostile page could open one with the user's
 * cookie. Browsers always send Origin on them: it must be this site. Clients without an Origin
 * (server-side tools) are not browsers and cannot ride on someone's cookie.
 */
export function requireSameOrigin(c: Context<AppEnv>): void {
  const origin = c.req.header("origin");
  if (!origin) return;
  if (!allowedOrigins(c).has(origin)) throw new ApiError(403, ORIGIN_REFUSED);
}

/**
 * Where a browser says the request comes from: Origin, else the Referer's origin ("null" and an
 * unreadable Referer count as foreign), else only Sec-Fetch-Site. `undefined`: no browser signal.
 */
function claimedOrigin(c: Context<AppEnv>): string | null | undefined {
  const origin = c.req.header("origin");
  if (origin !== undefined) return origin === "null" ? null : origin;
  const referer = c.req.header("referer");
  if (referer) return originOf(referer);
  return c.req.header("sec-fetch-site") === "cross-site" ? null : undefined;
}

/**
 * Cross-site request forgery guard for every state-changing route, whatever its content type:
 * the JSON content-type rule only covers JSON routes, while uploads, sign-out and body-less
 * DELETEs can be sent by any page's form or fetch with the user's cookie. A request that carries
 * a cookie and says it comes from a foreign page is refused. Bearer-token and server-to-server
 * calls carry no cookie (or no browser signal) and are not affected.
 */
export const originGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (STATE_CHANGING.has(c.req.method) && c.req.header("cookie")) {
    const claimed = claimedOrigin(c);
    if (claimed !== undefined && (claimed === null || !allowedOrigins(c).has(claimed))) throw new ApiError(403, ORIGIN_REFUSED);
  }
  await next();
};
