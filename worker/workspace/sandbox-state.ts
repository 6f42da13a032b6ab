import { and, desc, eq, sql } from "drizzle-orm";
import { SANDBOX_PRIORITY, SANDBOX_STATUSES, type SandboxDetail, type SandboxListAnswer, type SandboxStatus } from "../../contract";
import type { Db } from "../db/client";
import { sandbox } from "../db/schema";
import { newId } from "../lib/ids";

/**
 * A user's sandbox record ("VM" in the spec). The host is one shared service with per-user
 * workspaces, so the record is the user's space on it: its state machine is what the spec's
 * clients see (creating → starting → active, restarting → active, … → failed), driven by the
 * `sandbox_poll` queue job (worker/jobs/sandbox-poll.ts).
 */
export type SandboxRow = typeof sandbox.$inferSelect;

/** Spec 03 §9: the precreate poll runs every 5 s, at most 60 times. */
export const SANDBOX_POLL = { everySeconds: 5, maxAttempts: 60 } as const;

/** States a poll job is still driving; services are "under maintenance" meanwhile. */
export const MAINTENANCE_STATUSES: ReadonlySet<SandboxStatus> = new Set(["creating", "starting", "restarting"]);

/**
 * A job that has not touched its record for this long is presumed lost (a queue outage), so a new
 * create or restart may start over instead of waiting forever.
 */
export const STALE_MS = 60_000;

export type { SandboxDetail };

/**
 * Why a sandbox call did not go ahead: the record vanished under it (a concurrent delete), or a
 * concurrent change left no usable record to answer with.
 */
export interface SandboxRefused {
  ok: false;
  reason: "not_found" | "changed";
}

function statusOf(row: SandboxRow): SandboxStatus {
  return (SANDBOX_STATUSES as readonly string[]).includes(row.status) ? (row.status as SandboxStatus) : "failed";
}

export function toSandboxInfo(row: SandboxRow): SandboxDetail {
  return {
    sandbox_id: row.id,
    id: row.id,
    status: statusOf(row),
    subdomain: row.subdomain,
    // The browser never reaches the host: the terminal goes through the Worker's own socket route.
    wss_base_url: null,
    task_id: row.taskId,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt ? row.expiresAt.toISOString() : null,
    last_error: row.lastError,
  };
}

/** Spec 03 §7.2: by status priority (newest first within a status); failed/pooling/pooled/destroying never. */
export function chooseSandbox(rows: SandboxRow[]): SandboxRow | null {
  let best: SandboxRow | null = null;
  let bestRank = Infinity;
  for (const row of rows) {
    const rank = SANDBOX_PRIORITY.indexOf(statusOf(row));
    if (rank < 0) continue;
    if (rank < bestRank || (rank === bestRank && best && row.createdAt > best.createdAt)) {
      best = row;
      bestRank = rank;
    }
  }
  return best;
}

/** All of a user's sandboxes, newest first. */
export function userSandboxes(db: Db, userId: string): Promise<SandboxRow[]> {
  return db.select().from(sandbox).where(eq(sandbox.userId, userId)).orderBy(desc(sandbox.createdAt));
}

export async function currentSandbox(db: Db, userId: string): Promise<SandboxRow | null> {
  return chooseSandbox(await userSandboxes(db, userId));
}

export async function sandboxById(db: Db, id: string): Promise<SandboxRow | null> {
  const [row] = await db.select().from(sandbox).where(eq(sandbox.id, id)).limit(1);
  return row ?? null;
}

/** The caller's own sandbox; anyone else's is as missing as one that does not exist (null), so sandbox ids reveal nothing. */
export async function findOwnSandbox(db: Db, userId: string, id: string): Promise<SandboxRow | null> {
  const row = await sandboxById(db, id);
  return row && row.userId === userId ? row : null;
}

/** `{sandboxes, current}` as the list calls answer. */
export function sandboxList(rows: SandboxRow[]): SandboxListAnswer {
  const current = chooseSandbox(rows);
  return { sandboxes: rows.map(toSandboxInfo), current: current ? toSandboxInfo(current) : null };
}

export function isStale(row: SandboxRow, now = Date.now()): boolean {
  return now - row.updatedAt.getTime() > STALE_MS;
}

/** A user's usable sandbox record; `created` when this call made it. */
export interface SandboxPrepared {
  ok: true;
  row: SandboxRow;
  created: boolean;
}

/**
 * The user's usable sandbox, or a new one in `creating`. The insert only happens when no usable
 * one exists, in one statement, so two tabs preparing at once still end with a single record.
 * `created` tells the caller to start the poll job.
 */
export async function ensureSandboxRecord(db: Db, userId: string, provider: string): Promise<SandboxPrepared | SandboxRefused> {
  const id = newId("sbx");
  const taskId = newId("task");
  const now = Date.now();
  const usable = sql.join(
    SANDBOX_PRIORITY.map((s) => sql`${s}`),
    sql`, `,
  );
  const inserted = await db.run(sql`
    INSERT INTO sandbox (id, user_id, provider, status, task_id, subdomain, attempts, created_at, updated_at)
    SELECT ${id}, ${userId}, ${provider}, 'creating', ${taskId}, ${subdomainOf(id)}, 0, ${now}, ${now}
    WHERE NOT EXISTS (SELECT 1 FROM sandbox WHERE user_id = ${userId} AND status IN (${usable}))`);
  const created = (inserted.meta.changes ?? 0) > 0;
  const row = created ? await sandboxById(db, id) : await currentSandbox(db, userId);
  // Between the insert and this read the record went away or stopped being usable.
  if (!row) return { ok: false, reason: "changed" };
  // Earlier failures are history once a new attempt exists; keep the table from growing per retry.
  if (created) await db.delete(sandbox).where(and(eq(sandbox.userId, userId), eq(sandbox.status, "failed")));
  return { ok: true, row, created };
}

/** A stable label for the user's space; nothing resolves it, every call goes through the Worker. */
function subdomainOf(id: string): string {
  return `sbx-${id.replace(/^sbx_/, "").slice(0, 12)}`;
}

/**
 * Starts a new task on the record (create retry, restart): new task id, attempts back to 0. Jobs of
 * the previous task see the id change and stop. Returns the updated row, or null when the record
 * is gone.
 */
export async function beginTask(db: Db, row: SandboxRow, status: SandboxStatus): Promise<SandboxRow | null> {
  const [updated] = await db
    .update(sandbox)
    .set({ status, taskId: newId("task"), attempts: 0, lastError: null, updatedAt: new Date() })
    .where(eq(sandbox.id, row.id))
    .returning();
  return updated ?? null;
}

/**
 * Moves the record on for the job of `taskId` that has seen `attempts` polls. A guard on both
 * means a stale job (older task) or a duplicate delivery (same poll twice) changes nothing; the
 * answer says whether this call won.
 */
export async function advance(
  db: Db,
  id: string,
  taskId: string,
  attempts: number,
  next: { status: SandboxStatus; attempts: number; lastError: string | null },
): Promise<boolean> {
  const done = await db
    .update(sandbox)
    .set({ ...next, updatedAt: new Date() })
    .where(and(eq(sandbox.id, id), eq(sandbox.taskId, taskId), eq(sandbox.attempts, attempts)))
    .returning({ id: sandbox.id });
  return done.length > 0;
}
