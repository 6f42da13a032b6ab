import type { Env } from "../../env";
import { sandboxFetch, workspacePath } from "../../lib/sandbox-client";
import type { Budget } from "./budget";
import { existing } from "./r2-sweep";

/**
 * Deletes recorded by the triggers of migrations/0006_cleanup_jobs.sql: a knowledge file's R2
 * object, a project's workspace on the sandbox host. A run claims a batch by deleting the records
 * (so a concurrent run cannot take the same ones) and puts back whatever it could not finish.
 */
interface Pending {
  ref: string;
  owner_id: string | null;
  created_at: number;
}

/** Takes up to `wanted` records of `kind` off the list, within the run's budget. */
async function claim(db: D1Database, kind: string, budget: Budget, wanted: number): Promise<Pending[]> {
  const limit = budget.take(wanted);
  if (limit <= 0) return [];
  const { results } = await db
    .prepare(
      `DELETE FROM cleanup_pending WHERE kind = ?1 AND ref IN (SELECT ref FROM cleanup_pending WHERE kind = ?1 ORDER BY created_at LIMIT ?2)
       RETURNING ref, owner_id, created_at`,
    )
    .bind(kind, limit)
    .all<Pending>();
  budget.refund(limit - results.length);
  return results;
}

async function putBack(db: D1Database, kind: string, items: Pending[]): Promise<void> {
  if (!items.length) return;
  await db.batch(
    items.map((p) =>
      db.prepare("INSERT OR IGNORE INTO cleanup_pending (kind, ref, owner_id, created_at) VALUES (?, ?, ?, ?)").bind(kind, p.ref, p.owner_id, p.created_at),
    ),
  );
}

/**
 * R2 objects of knowledge files whose record is gone (the file or its VIRE was deleted) and whose
 * delete failed or never ran. An upload attached again since (same key) is referenced and kept.
 */
export async function removeKnowledgeFiles(env: Env, budget: Budget): Promise<number> {
  const items = await claim(env.DB, "knowledge_file", budget, 100);
  const referenced = await existing(
    env.DB,
    "knowledge_file",
    "upload_key",
    items.map((p) => p.ref),
  );
  const gone = items.filter((p) => !referenced.has(p.ref));
  try {
    const heads = await Promise.all(gone.map((p) => env.FILES.head(p.ref)));
    const present = gone.filter((_, i) => heads[i]).map((p) => p.ref);
    if (present.length) await env.FILES.delete(present);
    return present.length;
  } catch (err) {
    await putBack(env.DB, "knowledge_file", gone);
    throw err;
  }
}

type HostState = "present" | "absent" | "unknown";

async function workspaceState(env: Env, ownerId: string, projectId: string): Promise<HostState> {
  try {
    const res = await sandboxFetch(env, workspacePath(ownerId, projectId), { timeoutMs: 5000 });
    await res.body?.cancel();
    return res.ok ? "present" : res.status === 404 ? "absent" : "unknown";
  } catch {
    return "unknown";
  }
}

async function deleteOnHost(env: Env, ownerId: string, projectId: string): Promise<boolean> {
  try {
    const res = await sandboxFetch(env, workspacePath(ownerId, projectId), { method: "DELETE", timeoutMs: 30_000 });
    await res.body?.cancel();
    return res.ok || res.status === 404;
  } catch {
    return false;
  }
}

/**
 * Workspaces of projects whose row is gone: the host is asked to delete each one that still
 * exists. A host that does not answer keeps the record for the next run.
 */
export async function removeWorkspaces(env: Env, budget: Budget): Promise<number> {
  if (!env.SANDBOX_URL || !env.SANDBOX_SECRET) return 0;
  const items = await claim(env.DB, "workspace", budget, 20);
  // Project ids are never reused; the check only guards against a record made by mistake.
  const live = await existing(
    env.DB,
    "coding_project",
    "id",
    items.map((p) => p.ref),
  );
  const retry: Pending[] = [];
  let removed = 0;
  for (const p of items) {
    if (live.has(p.ref) || !p.owner_id) continue;
    const state = await workspaceState(env, p.owner_id, p.ref);
    if (state === "absent") continue;
    if (state === "present" && (await deleteOnHost(env, p.owner_id, p.ref))) removed++;
    else retry.push(p);
  }
  await putBack(env.DB, "workspace", retry);
  return removed;
}
