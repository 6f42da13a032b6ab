import * as v from "valibot";
import type { SandboxStatus } from "../../contract";
import type { Env } from "../env";
import { getDb } from "../db/client";
import { ApiError } from "../lib/envelope";
import { sandboxFetch } from "../lib/sandbox-client";
import { MAINTENANCE_STATUSES, SANDBOX_POLL, advance, sandboxById } from "../workspace/sandbox-state";

/**
 * One look at the sandbox host for a sandbox that is being created or restarted. `attempt` is the
 * number of polls already done for `taskId`; the record only moves when both still match, so a
 * duplicate delivery or a job of an older task is a no-op.
 */
export const SandboxPollJob = v.object({
  type: v.literal("sandbox_poll"),
  sandboxId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  taskId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  attempt: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type SandboxPollJob = v.InferOutput<typeof SandboxPollJob>;

const HEALTH_TIMEOUT_MS = 5000;

export function sandboxPollJob(sandboxId: string, taskId: string, attempt = 0): SandboxPollJob {
  return { type: "sandbox_poll", sandboxId, taskId, attempt };
}

/**
 * Queues the first poll. Should the queue be down, one poll runs inline instead, so a healthy host
 * still brings the sandbox up and an unhealthy one leaves a record that a later call can restart.
 */
export async function startSandboxPoll(env: Env, sandboxId: string, taskId: string): Promise<void> {
  const job = sandboxPollJob(sandboxId, taskId);
  try {
    await env.JOBS.send(job);
  } catch (err) {
    console.error("sandbox: could not enqueue the poll, polling inline", sandboxId, err);
    await runSandboxPoll(env, job, { requeue: false });
  }
}

/** `null` when the host answers `/health` as healthy, otherwise what went wrong. */
async function hostProblem(env: Env): Promise<string | null> {
  try {
    const res = await sandboxFetch(env, "/health", { timeoutMs: HEALTH_TIMEOUT_MS });
    const body = (await res.json().catch(() => null)) as { status?: unknown } | null;
    if (res.ok && body?.status === "healthy") return null;
    return `Sandbox host answered HTTP ${res.status}`;
  } catch (err) {
    return err instanceof ApiError ? err.message : String(err);
  }
}

/**
 * Runs one poll and returns the status it left (null: no such sandbox). Healthy: creating goes
 * through starting to active, restarting to active. Unhealthy: the error is recorded and the job
 * comes back in 5 s, until the 60th poll fails the sandbox.
 */
export async function runSandboxPoll(env: Env, job: SandboxPollJob, opts: { requeue?: boolean } = {}): Promise<SandboxStatus | null> {
  const db = getDb(env.DB);
  const row = await sandboxById(db, job.sandboxId);
  if (!row) return null;
  const status = row.status as SandboxStatus;
  if (row.taskId !== job.taskId || row.attempts !== job.attempt || !MAINTENANCE_STATUSES.has(status)) return status;

  const problem = await hostProblem(env);
  const attempts = job.attempt + 1;
  if (problem === null) {
    let at = job.attempt;
    if (status === "creating") {
      // The host answered: the user's space is being set up (visible for a moment to pollers).
      if (!(await advance(db, row.id, job.taskId, at, { status: "starting", attempts, lastError: null }))) return currentStatus(env, row.id);
      at = attempts;
    }
    if (!(await advance(db, row.id, job.taskId, at, { status: "active", attempts, lastError: null }))) return currentStatus(env, row.id);
    return "active";
  }

  if (attempts >= SANDBOX_POLL.maxAttempts) {
    const lastError = `Sandbox did not become ready after ${SANDBOX_POLL.maxAttempts} checks: ${problem}`;
    await advance(db, row.id, job.taskId, job.attempt, { status: "failed", attempts, lastError });
    return currentStatus(env, row.id);
  }
  if (!(await advance(db, row.id, job.taskId, job.attempt, { status, attempts, lastError: problem }))) return currentStatus(env, row.id);
  if (opts.requeue !== false) await env.JOBS.send(sandboxPollJob(row.id, job.taskId, attempts), { delaySeconds: SANDBOX_POLL.everySeconds });
  return status;
}

async function currentStatus(env: Env, id: string): Promise<SandboxStatus | null> {
  const row = await sandboxById(getDb(env.DB), id);
  return row ? (row.status as SandboxStatus) : null;
}
