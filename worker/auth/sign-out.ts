import type { Context } from "hono";
import { loadAuth } from "./load-auth";
import type { AppEnv } from "../lib/app";
import { readSession } from "../lib/session";
import { checkSessionsEverywhere, closeSessionEverywhere } from "../rooms/session-sockets";

/**
 * better-auth's sign-out, then the signed-out session's open chat and inbox sockets close with
 * 4001 before the answer goes out: a socket must not outlive the session that opened it.
 */
export async function signOut(c: Context<AppEnv>): Promise<Response> {
  const session = await readSession(c);
  const res = await (await loadAuth(c.env)).handler(c.req.raw);
  if (session && res.ok) await closeSessionEverywhere(c.env, session.user.id, session.session.id);
  return res;
}

/**
 * Wraps a route that revokes sessions (one by id, all, all others): once it succeeded, the user's
 * sockets whose session is gone close now rather than at the next minute's check.
 */
export async function closingRevokedSockets(c: Context<AppEnv>, revoke: () => Response | Promise<Response>): Promise<Response> {
  const session = await readSession(c);
  const res = await revoke();
  if (session && res.ok) await checkSessionsEverywhere(c.env, session.user.id);
  return res;
}
