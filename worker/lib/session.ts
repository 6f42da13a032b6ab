import type { Context, MiddlewareHandler } from "hono";
import { getAuth } from "../auth/auth";
import { ApiError } from "./envelope";
import type { AppEnv } from "./app";

/** Reads the session from the cookie or the bearer token; null when there is none or it expired. */
export async function readSession(c: Context<AppEnv>) {
  return getAuth(c.env).api.getSession({ headers: c.req.raw.headers });
}

/** Refuses with 401 unless the request carries a live session; exposes the user to handlers. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const session = await readSession(c);
  if (!session) throw new ApiError(401, "Unauthorized");
  c.set("user", session.user);
  c.set("sessionId", session.session.id);
  await next();
};
