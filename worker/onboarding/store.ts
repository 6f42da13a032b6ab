import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { userFirstRun } from "../db/schema";

export type FirstRunRow = typeof userFirstRun.$inferSelect;

/** A claim older than this belongs to a request that died; a new request may take it over. */
export const STALE_CLAIM_MS = 60_000;

export async function firstRunOf(db: Db, userId: string): Promise<FirstRunRow | null> {
  const [row] = await db.select().from(userFirstRun).where(eq(userFirstRun.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * Claims the user's onboarding for one request. The condition is part of the upsert, so of two
 * racing requests exactly one changes the row; the other reads what the winner is doing.
 */
export async function claimOnboarding(db: Db, userId: string, purposeId: string, now = Date.now()): Promise<boolean> {
  const result = await db.run(sql`
    INSERT INTO user_first_run (user_id, onboarding_status, purpose_id, onboarding_started_at, updated_at)
    VALUES (${userId}, 'running', ${purposeId}, ${now}, ${now})
    ON CONFLICT (user_id) DO UPDATE SET onboarding_status = 'running', purpose_id = excluded.purpose_id,
      onboarding_started_at = excluded.onboarding_started_at, updated_at = excluded.updated_at
    WHERE user_first_run.onboarding_status IS NULL OR user_first_run.onboarding_status = 'failed'
      OR (user_first_run.onboarding_status = 'running' AND user_first_run.onboarding_started_at < ${now - STALE_CLAIM_MS})`);
  return result.meta.changes > 0;
}

/** The user declined the modal: it is not offered again, unless a setup is running right now. */
export async function skipOnboarding(db: Db, userId: string, now = Date.now()): Promise<void> {
  await db.run(sql`
    INSERT INTO user_first_run (user_id, onboarding_status, onboarding_completed_at, updated_at) VALUES (${userId}, 'done', ${now}, ${now})
    ON CONFLICT (user_id) DO UPDATE SET onboarding_status = 'done', onboarding_completed_at = excluded.onboarding_completed_at, updated_at = excluded.updated_at
    WHERE user_first_run.onboarding_status IS NULL OR user_first_run.onboarding_status = 'failed'
      OR (user_first_run.onboarding_status = 'running' AND user_first_run.onboarding_started_at < ${now - STALE_CLAIM_MS})`);
}

export async function finishOnboarding(db: Db, userId: string, resultJson: string): Promise<void> {
  const now = new Date();
  await db
    .update(userFirstRun)
    .set({ onboardingStatus: "done", onboardingResult: resultJson, onboardingCompletedAt: now, updatedAt: now })
    .where(eq(userFirstRun.userId, userId));
}

export async function failOnboarding(db: Db, userId: string): Promise<void> {
  await db.update(userFirstRun).set({ onboardingStatus: "failed", updatedAt: new Date() }).where(eq(userFirstRun.userId, userId));
}

/** Sets one timestamp column of the user's row unless it is set already; true when this call set it. */
async function markOnce(db: Db, userId: string, column: "welcome_sent_at" | "tutorial_seen_at", now = Date.now()): Promise<boolean> {
  const col = sql.raw(column);
  const result = await db.run(sql`
    INSERT INTO user_first_run (user_id, ${col}, updated_at) VALUES (${userId}, ${now}, ${now})
    ON CONFLICT (user_id) DO UPDATE SET ${col} = excluded.${col}, updated_at = excluded.updated_at
    WHERE user_first_run.${col} IS NULL`);
  return result.meta.changes > 0;
}

/** True for exactly one caller per user, however many tabs ask at once. */
export const claimWelcome = (db: Db, userId: string) => markOnce(db, userId, "welcome_sent_at");

/** Undoes a claim whose message could not be sent, so a later session tries again. */
export async function releaseWelcome(db: Db, userId: string): Promise<void> {
  await db.update(userFirstRun).set({ welcomeSentAt: null, updatedAt: new Date() }).where(eq(userFirstRun.userId, userId));
}

export async function setTutorialSeen(db: Db, userId: string, seen: boolean): Promise<void> {
  if (seen) {
    await markOnce(db, userId, "tutorial_seen_at");
    return;
  }
  await db.update(userFirstRun).set({ tutorialSeenAt: null, updatedAt: new Date() }).where(eq(userFirstRun.userId, userId));
}

export async function setDefaultProject(db: Db, userId: string, projectId: string, directoryPath: string): Promise<void> {
  const now = new Date();
  await db
    .insert(userFirstRun)
    .values({ userId, defaultProjectId: projectId, defaultProjectDir: directoryPath, updatedAt: now })
    .onConflictDoUpdate({ target: userFirstRun.userId, set: { defaultProjectId: projectId, defaultProjectDir: directoryPath, updatedAt: now } });
}
