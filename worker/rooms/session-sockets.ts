import { CLOSE_SIGNED_OUT } from "../../contract";
import type { Env } from "../env";
import { closeQuietly } from "./close-socket";
import type { ChatRoom } from "./chat-room/index";
import { inboxStub, roomStub } from "./stubs";
import type { UserInbox } from "./user-inbox";

/**
 * Chat and inbox sockets end with the session that opened them: at once on sign-out (by session
 * tag), and on a timer for sessions that expired or were revoked elsewhere. Nothing of this runs
 * per message: the session id is a socket tag, and the timer is the room's alarm.
 */

/** The Worker tells a room or inbox which session opens the socket; they trust only the Worker. */
export const SESSION_HEADER = "x-room-session-id";
/** How often a room or inbox with open sockets asks D1 whether their sessions still live. */
export const SESSION_CHECK_MS = 60_000;

export function sessionTag(sessionId: string): string {
  return `session:${sessionId}`;
}

function sessionOfTags(tags: string[]): string | null {
  const tag = tags.find((t) => t.startsWith("session:"));
  return tag ? tag.slice("session:".length) : null;
}

function closeSignedOut(ws: WebSocket): void {
  closeQuietly(ws, CLOSE_SIGNED_OUT, "Signed out");
}

/** Closes every socket of one session in this object. */
export function closeSessionSockets(ctx: DurableObjectState, sessionId: string): number {
  const sockets = ctx.getWebSockets(sessionTag(sessionId));
  for (const ws of sockets) closeSignedOut(ws);
  return sockets.length;
}

/**
 * Closes the sockets whose session is gone (expired, revoked, signed out where the hook did not
 * reach). Sockets without a session tag predate this check: they are asked to reconnect (1012),
 * which tags them, rather than told they are signed out. One D1 query for the whole object, its
 * ids bound as one JSON argument.
 */
export async function closeEndedSessions(ctx: DurableObjectState, db: D1Database, now = Date.now()): Promise<void> {
  const sockets = ctx.getWebSockets().map((ws) => ({ ws, sessionId: sessionOfTags(ctx.getTags(ws)) }));
  const ids = [...new Set(sockets.map((s) => s.sessionId).filter((id): id is string => id !== null))];
  const alive = new Set<string>();
  if (ids.length) {
    const { results } = await db
      .prepare("SELECT id FROM session WHERE id IN (SELECT value FROM json_each(?)) AND expires_at > ?")
      .bind(JSON.stringify(ids), now)
      .all<{ id: string }>();
    for (const r of results) alive.add(r.id);
  }
  for (const s of sockets) {
    if (!s.sessionId) closeQuietly(s.ws, 1012, "Reconnect");
    else if (!alive.has(s.sessionId)) closeSignedOut(s.ws);
  }
}

/** Runs `each` on the user's inbox and every chat room of theirs; one failure never stops the others. */
async function everywhere(
  env: Env,
  userId: string,
  each: (stub: DurableObjectStub<UserInbox> | DurableObjectStub<ChatRoom>) => Promise<unknown>,
): Promise<void> {
  const { results } = await env.DB.prepare("SELECT chat_id FROM chat_participant WHERE participant_id = ?").bind(userId).all<{ chat_id: string }>();
  const outcomes = await Promise.allSettled([each(inboxStub(env, userId)), ...results.map((r) => each(roomStub(env, r.chat_id)))]);
  for (const o of outcomes) if (o.status === "rejected") console.error("closing ended sessions' sockets failed", o.reason);
}

/** Sign-out: the session's sockets in the user's inbox and in every chat of theirs close now. */
export function closeSessionEverywhere(env: Env, userId: string, sessionId: string): Promise<void> {
  return everywhere(env, userId, (stub) => stub.closeSession(sessionId));
}

/** Sessions revoked (one by id, all, all others): the user's rooms and inbox check theirs now, not in a minute. */
export function checkSessionsEverywhere(env: Env, userId: string): Promise<void> {
  return everywhere(env, userId, (stub) => stub.checkSessions());
}
