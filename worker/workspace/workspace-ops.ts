import { and, desc, eq, inArray } from "drizzle-orm";
import { SANDBOX_PRIORITY, type SandboxStatus } from "../../contract";
import type { Db } from "../db/client";
import { sandbox } from "../db/schema";
import type { Env } from "../env";
import { ApiError } from "../lib/envelope";
import { sandboxFetch } from "../lib/sandbox-client";
import { hostJson, hostPath, type WorkspaceRef } from "./host";

/** Removes the workspace (its terminals and processes end first); one that is already gone is fine. */
export async function deleteWorkspace(env: Env, ref: WorkspaceRef): Promise<void> {
  try {
    await hostJson(env, ref, "", {}, { method: "DELETE", timeoutMs: 30_000 });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return;
    throw err;
  }
}

/** Whether the host answers for this workspace right now (a short probe for `config`). */
export async function workspaceAvailable(env: Env, ref: WorkspaceRef): Promise<boolean> {
  try {
    const res = await sandboxFetch(env, hostPath(ref, ""), { timeoutMs: 3000 });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/** The state of the owner's sandbox as the sandbox jobs last recorded it (null before the first). */
export async function sandboxStatusOf(db: Db, userId: string): Promise<SandboxStatus | null> {
  const rows = await db
    .select({ status: sandbox.status })
    .from(sandbox)
    .where(and(eq(sandbox.userId, userId), inArray(sandbox.status, SANDBOX_PRIORITY)))
    .orderBy(desc(sandbox.updatedAt));
  const statuses = rows.map((r) => r.status as SandboxStatus);
  return SANDBOX_PRIORITY.find((s) => statuses.includes(s)) ?? null;
}

/**
 * The agent server's project registration (spec 03 §7.2 `POST /api/coding/projects`): makes sure
 * the project's workspace exists on the host — a host that lost its disk gets a fresh `git init` —
 * and answers where it lives.
 */
export async function ensureWorkspace(env: Env, ref: WorkspaceRef): Promise<{ created: boolean }> {
  if (await workspaceAvailable(env, ref)) return { created: false };
  await hostJson(
    env,
    ref,
    "",
    {},
    { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ init: true }), timeoutMs: 30_000 },
  );
  return { created: true };
}
