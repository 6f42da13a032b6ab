import type { Context, MiddlewareHandler } from "hono";
import { loadAuth } from "../auth/load-auth";
import { fastSession } from "../auth/fast-session";
import { ApiError } from "./envelope";
import type { AppEnv } from "./app";

/**
 * Reads the session from the cookie or the bearer token; null when there is none or it expired.
 * Browsers cannot set headers on a WebSocket, so an upgrade may carry the bearer token as `?token=`.
 */
export async function readSession(c: Context<AppEnv>) {
  let headers = c.req.raw.headers;
  const token = c.req.header("upgrade") ? c.req.query("token") : undefined;
  if (token && !headers.has("authorization")) {
    headers = new Headers(headers);
    headers.set("authorization", `Bearer ${token}`);
  }
  // The common case in one D1 read; expired, due for renewal or odd tokens are better-auth's to judge.
  const fast = await fastSession(c.env, headers);
  if (fast !== undefined) return fast;
  return (await loadAuth(c.env)).api.getSession({ headers });
}

/** Refuses with 401 unless the request carries a live session; exposes the user to handlers. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  // Sub-apps mounted on one prefix each require a user; the session is read once per request.
  if (c.get("user")) return next();
  const session = await readSession(c);
  if (!session) throw new ApiError(401, "Unauthorized");
  c.set("user", session.user);
  c.set("sessionId", session.session.id);
  await next();
};
