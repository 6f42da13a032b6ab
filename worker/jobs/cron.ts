import { lt } from "drizzle-orm";
import type { Env } from "../env";
import { getDb } from "../db/client";
import { rateLimit, session, verification } from "../db/schema";

/** The longest rate-limit window configured in auth.ts; older rows can no longer block anyone. */
const RATE_LIMIT_WINDOW_MS = 60_000;

/** Cron: expired sessions, verifications and stale rate-limit rows are deleted so the tables stay small. */
export async function runCleanup(env: Env, now = new Date()): Promise<{ sessions: number }> {
  const db = getDb(env.DB);
  const [deleted] = await db.batch([
    db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id }),
    db.delete(verification).where(lt(verification.expiresAt, now)),
    db.delete(rateLimit).where(lt(rateLimit.lastRequest, now.getTime() - RATE_LIMIT_WINDOW_MS)),
  ]);
  return { sessions: deleted.length };
}
