import type { Context } from "hono";
import { getAuth } from "../auth/auth";
import type { AppEnv } from "../lib/app";
import { readSession } from "../lib/session";
import { closeSessionEverywhere } from "../rooms/session-sockets";

/**
 * better-auth's sign-out, then the signed-out session's open chat and inbox sockets close with
 * 4001 before the answer goes out: a socket must not outlive the session that opened it.
 */
export async function signOut(c: Context<AppEnv>): Promise<Response> {
  const session = await readSession(c);
  const res = await getAuth(c.env).handler(c.req.raw);
  if (session && res.ok) await closeSessionEverywhere(c.env, session.user.id, session.session.id);
  return res;
}
