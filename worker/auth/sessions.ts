import { and, eq, gt } from "drizzle-orm";
import { type SessionSummary, type RevokeSessionAnswer } from "../../contract";
import { loadAuth } from "./load-auth";
import { getDb } from "../db/client";
import { session } from "../db/auth-schema";
import { ApiError, ok } from "../lib/envelope";
import { readSession } from "../lib/session";
import type { Context } from "hono";
import type { AppEnv } from "../lib/app";

/**
 * A user's sessions, listed without their tokens: a token is the session itself, so listing it
 * would let anything that can read one answer (an XSS, a shared screen) take over every device.
 * Revoking goes by id; the token is looked up here, on the server.
 */

type StoredSession = typeof session.$inferSelect;

async function signedIn(c: Context<AppEnv>) {
  const current = await readSession(c);
  if (!current) throw new ApiError(401, "Unauthorized");
  return current;
}

/**
 * The caller's live sessions, read from D1 rather than through better-auth's list-sessions, which
 * refuses sessions older than a day ("not fresh") with an error our handler would turn into a 500.
 */
async function sessionsOf(c: Context<AppEnv>, userId: string): Promise<StoredSession[]> {
  return getDb(c.env.DB)
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, new Date())))
    .orderBy(session.createdAt);
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
  return ok<SessionSummary[]>(
    c,
    (await sessionsOf(c, me.user.id)).map((s) => summary(s, me.session.id)),
  );
}

export async function revokeSession(c: Context<AppEnv>, id: string) {
  const me = await signedIn(c);
  // Only the caller's own sessions are searched, so another user's id is simply not found.
  const target = (await sessionsOf(c, me.user.id)).find((s) => s.id === id);
  if (!target) throw new ApiError(404, "Session not found");
  const res = await (await loadAuth(c.env)).api.revokeSession({ headers: c.req.raw.headers, body: { token: target.token }, asResponse: true });
  if (!res.ok) return res;
  const answer = ok<RevokeSessionAnswer>(c, { status: true });
  // Revoking the current session also clears its cookie, as better-auth's own route does.
  for (const cookie of res.headers.getSetCookie()) answer.headers.append("set-cookie", cookie);
  return answer;
}
