import { eq } from "drizzle-orm";
import type { Env } from "../env";
import { getDb } from "../db/client";
import { codingProject } from "../db/schema";
import { ApiError } from "../lib/envelope";
import { sandboxFetch, workspacePath } from "../lib/sandbox-client";
import { startSandboxPoll } from "../jobs/sandbox-poll";
import {
  MAINTENANCE_STATUSES,
  beginTask,
  chooseSandbox,
  ensureSandboxRecord,
  isStale,
  toSandboxInfo,
  userSandboxes,
  type SandboxDetail,
  type SandboxPrepared,
  type SandboxRefused,
  type SandboxRow,
} from "./sandbox-state";

/**
 * What happens to a user's sandbox record over time: prepared (created and polled up) after login
 * or by the agent server, restarted from the service modal. The poll itself is worker/jobs/sandbox-poll.ts.
 */

/**
 * The user's sandbox, created in `creating` with its poll job queued when there is no usable one.
 * One whose create or restart job went quiet (a lost queue message) gets a fresh job, so asking
 * again always makes progress. Idempotent: an existing usable sandbox is returned as it is.
 */
export async function prepareSandbox(env: Env, userId: string, provider = "local"): Promise<SandboxPrepared | SandboxRefused> {
  const db = getDb(env.DB);
  const prepared = await ensureSandboxRecord(db, userId, provider);
  if (!prepared.ok) return prepared;
  const { row, created } = prepared;
  if (created) {
    await startSandboxPoll(env, row.id, row.taskId!);
    return prepared;
  }
  if (MAINTENANCE_STATUSES.has(row.status as SandboxDetail["status"]) && isStale(row)) {
    const again = await beginTask(db, row, row.status === "restarting" ? "restarting" : "creating");
    if (!again) return { ok: false, reason: "not_found" };
    await startSandboxPoll(env, again.id, again.taskId!);
    return { ok: true, row: again, created };
  }
  return prepared;
}

/** What the host did for one workspace of the user. */
export interface WorkspaceRestart {
  project_id: string;
  terminals_closed: number[];
  killed_processes: { pid: number; command: string }[];
  failed_processes: { pid: number; command: string; error: string }[];
  /** Set when the host could not restart this workspace (unreachable, or it answered an error). */
  error: string | null;
}

/** `POST /api/sandboxes/{id}/restart` and `POST /api/coding-projects/{id}/restart-vm`. */
export interface RestartAnswer {
  success: true;
  data: { sandbox_id: string; status: SandboxDetail["status"]; sandbox: SandboxDetail; workspaces: WorkspaceRestart[] };
  error: null;
}

async function restartWorkspace(env: Env, userId: string, projectId: string): Promise<WorkspaceRestart> {
  const empty = { project_id: projectId, terminals_closed: [], killed_processes: [], failed_processes: [] };
  try {
    const res = await sandboxFetch(env, `${workspacePath(userId, projectId)}/restart`, { method: "POST", timeoutMs: 30_000 });
    const body = (await res.json().catch(() => null)) as (Partial<WorkspaceRestart> & { ok?: boolean; error?: string }) | null;
    // A project whose workspace is not on the host (yet) has nothing running to stop.
    if (res.status === 404) return { ...empty, error: null };
    if (!res.ok || !body || body.ok === false) return { ...empty, error: body?.error ?? `Sandbox error (HTTP ${res.status})` };
    return {
      project_id: projectId,
      // The host may report a shell in both of its passes; a pid is one terminal.
      terminals_closed: [...new Set(body.terminals_closed ?? [])],
      killed_processes: body.killed_processes ?? [],
      failed_processes: body.failed_processes ?? [],
      error: null,
    };
  } catch (err) {
    return { ...empty, error: err instanceof ApiError ? err.message : String(err) };
  }
}

/**
 * Restarts a user's sandbox: it goes to `restarting`, every workspace of the user on the host has
 * its terminals and processes ended, and a poll job brings it back to `active` once the host
 * answers. A restart already under way (and still making progress) is answered as it stands, so a
 * double click does not kill things twice. A failed sandbox may be restarted: that is the retry.
 */
export async function restartSandbox(env: Env, row: SandboxRow): Promise<{ ok: true; answer: RestartAnswer } | SandboxRefused> {
  const db = getDb(env.DB);
  if (MAINTENANCE_STATUSES.has(row.status as SandboxDetail["status"]) && !isStale(row)) return { ok: true, answer: answer(row, []) };
  const restarting = await beginTask(db, row, "restarting");
  if (!restarting) return { ok: false, reason: "not_found" };
  const projects = await db.select({ id: codingProject.id }).from(codingProject).where(eq(codingProject.ownerId, row.userId));
  const workspaces = await Promise.all(projects.map((p) => restartWorkspace(env, row.userId, p.id)));
  await startSandboxPoll(env, restarting.id, restarting.taskId!);
  return { ok: true, answer: answer(restarting, workspaces) };
}

/** The sandbox a restart of `userId`'s VM acts on: the current one, else the latest failed one (null: the user has none). */
export async function restartTarget(env: Env, userId: string): Promise<SandboxRow | null> {
  const rows = await userSandboxes(getDb(env.DB), userId);
  return chooseSandbox(rows) ?? rows.find((r) => r.status === "failed") ?? null;
}

function answer(row: SandboxRow, workspaces: WorkspaceRestart[]): RestartAnswer {
  const sandbox = toSandboxInfo(row);
  return { success: true, data: { sandbox_id: sandbox.id, status: sandbox.status, sandbox, workspaces }, error: null };
}
