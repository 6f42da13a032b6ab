import { RevokeSessionBody, type SessionSummary } from "../../contract";
import { getAuth } from "../auth/auth";
import { ApiError, ok } from "../lib/envelope";
import { readSession } from "../lib/session";
import { jsonBody } from "../lib/validate";
import type { Context } from "hono";
import type { AppEnv } from "../lib/app";

/**
 * A user's sessions, listed without their tokens: a token is the session itself, so listing it
 * would let anything that can read one answer (an XSS, a shared screen) take over every device.
 * Revoking goes by id; the token is looked up here, on the server.
 */

interface StoredSession {
  id: string;
  token: string;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  ipAddress?: string | null;
  userAgent?: string | null;
}

async function signedIn(c: Context<AppEnv>) {
  const session = await readSession(c);
  if (!session) throw new ApiError(401, "Unauthorized");
  return session;
}

async function sessionsOf(c: Context<AppEnv>): Promise<StoredSession[]> {
  return (await getAuth(c.env).api.listSessions({ headers: c.req.raw.headers })) as StoredSession[];
}

function summary(s: StoredSession, currentId: string): SessionSummary {
  return {
    id: s.id,
    current: s.id === currentId,
    createdAt: new Date(s.createdAt).toISOString(),
    updatedAt: new Date(s.updatedAt).toISOString(),
    expiresAt: new Date(s.expiresAt).toISOString(),
    ipAddress: s.ipAddress ?? null,
    userAgent: s.userAgent ?? null,
  };
}

export async function listSessions(c: Context<AppEnv>) {
  const me = await signedIn(c);
  return ok(c, (await sessionsOf(c)).map((s) => summary(s, me.session.id)));
}

export async function revokeSession(c: Context<AppEnv>) {
  await signedIn(c);
  const { id } = await jsonBody(c, RevokeSessionBody);
  // Only the caller's own sessions are listed, so another user's id is simply not found.
  const target = (await sessionsOf(c)).find((s) => s.id === id);
  if (!target) throw new ApiError(404, "Session not found");
  const res = await getAuth(c.env).api.revokeSession({ headers: c.req.raw.headers, body: { token: target.token }, asResponse: true });
  if (!res.ok) return res;
  const answer = ok(c, { status: true });
  // Revoking the current session also clears its cookie, as better-auth's own route does.
  for (const cookie of res.headers.getSetCookie()) answer.headers.append("set-cookie", cookie);
  return answer;
}
