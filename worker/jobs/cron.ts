import { lt } from "drizzle-orm";
import type { Env } from "../env";
import { getDb } from "../db/client";
import { rateLimit, session, verification } from "../db/schema";
import { runCleanupJobs, type CleanupJobsReport } from "./cleanup/index";
import { sweepMail } from "./mail";

/** The longest rate-limit window configured in auth.ts; older rows can no longer block anyone. */
const RATE_LIMIT_WINDOW_MS = 60_000;

export type CleanupReport = CleanupJobsReport & { sessions: number };

/** Expired sessions, verifications and stale rate-limit rows are deleted so the tables stay small. */
async function removeExpiredAuthRows(env: Env, now: Date): Promise<number> {
  const db = getDb(env.DB);
  const [deleted] = await db.batch([
    db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id }),
    db.delete(verification).where(lt(verification.expiresAt, now)),
    db.delete(rateLimit).where(lt(rateLimit.lastRequest, now.getTime() - RATE_LIMIT_WINDOW_MS)),
  ]);
  return deleted.length;
}

/**
 * Cron: the auth tables, then everything nobody references any more (worker/jobs/cleanup/).
 * Returns and logs what was removed; safe to run twice or twice at once.
 */
export async function runCleanup(env: Env, now = new Date()): Promise<CleanupReport> {
  const sessions = await removeExpiredAuthRows(env, now);
  const report = { sessions, ...(await runCleanupJobs(env, now.getTime())) };
  // Mail retries whose delayed Queue message was lost; a mail problem must not fail the cleanup.
  await sweepMail(env, now.getTime()).catch((err: unknown) => console.error("mail sweep failed", err));
  console.log("cleanup", JSON.stringify(report));
  return report;
}
