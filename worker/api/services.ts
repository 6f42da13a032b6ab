import type { MiddlewareHandler } from "hono";
import * as v from "valibot";
import {
  KillBody,
  type DomainsHealth,
  type KillAnswer,
  type PrepareAnswer,
  type SandboxListAnswer,
  type SandboxStatus,
  type ServiceDomain,
} from "../../contract";
import type { Env } from "../env";
import { getDb } from "../db/client";
import { newApp, type AppEnv } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireCan, requireProjectAccess, requireProjectAccessById } from "../lib/project-access";
import { sandboxFetch, workspacePath } from "../lib/sandbox-client";
import { requireUser } from "../lib/session";
import { json, query } from "../lib/validate";
import { prepareSandbox, restartSandbox, type RestartAnswer } from "../workspace/sandbox-lifecycle";
import { MAINTENANCE_STATUSES, currentSandbox, sandboxList, userSandboxes, type SandboxRow } from "../workspace/sandbox-state";
import { ownUserId } from "../lib/own-user";
import { sandboxError } from "../lib/refusals";
import { requireRestartTarget } from "../lib/sandbox-access";

const DomainsQuery = v.object({
  /** The spec's client sends the owner's id; the Worker takes the owner from the project instead. */
  human_user_id: v.optional(v.string()),
  workspace: v.pipe(v.optional(v.string(), ""), v.minLength(1, "workspace (the project id) is required"), v.maxLength(64, "Invalid id")),
});
const PrepareQuery = v.object({ wait_if_maintenance: v.optional(v.picklist(["true", "false"], "wait_if_maintenance must be true or false")) });
const PrepareBody = v.object({ user_id: v.optional(v.string()) });

type HostDomain = Omit<ServiceDomain, "process_info"> & { process_info?: Partial<ServiceDomain["process_info"]> };

/** Where the project owner's sandbox is in a state that has no services to show (spec 03 §8 "Service status"). */
function maintenance(row: SandboxRow | null): SandboxStatus | null {
  const status = row?.status as SandboxStatus | undefined;
  return status && MAINTENANCE_STATUSES.has(status) ? status : null;
}

export function maintenanceText(status: SandboxStatus): string {
  return `VM is ${status}. Services are temporarily unavailable.`;
}

async function hostDomains(env: Env, ownerId: string, projectId: string): Promise<ServiceDomain[]> {
  const res = await sandboxFetch(env, `${workspacePath(ownerId, projectId)}/domains`);
  // No workspace on the host yet: nothing runs there.
  if (res.status === 404) return [];
  const body = (await res.json().catch(() => null)) as { app_domains?: HostDomain[]; error?: string } | null;
  if (!res.ok || !body?.app_domains) throw new ApiError(502, `Failed to fetch domain health status (${res.status})`);
  return body.app_domains.map((d) => ({
    name: d.name,
    subdomain: d.subdomain ?? null,
    port: d.port,
    status: d.status,
    status_code: d.status_code ?? null,
    error: d.error ?? null,
    process_info: { uptime_seconds: d.process_info?.uptime_seconds ?? 0, memory_rss_kb: d.process_info?.memory_rss_kb ?? 0 },
  }));
}

type Killed = KillAnswer["data"];

async function killPort(env: Env, ownerId: string, projectId: string, port: number, force: boolean): Promise<Killed> {
  try {
    const res = await sandboxFetch(env, `${workspacePath(ownerId, projectId)}/processes/kill`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ port, force }),
    });
    const body = (await res.json().catch(() => null)) as (Partial<Killed> & { error?: string }) | null;
    if (!res.ok || !body) return { killed_processes: [], failed_processes: [{ pid: null, port, error: body?.error ?? `Sandbox error (HTTP ${res.status})` }] };
    return { killed_processes: body.killed_processes ?? [], failed_processes: body.failed_processes ?? [] };
  } catch (err) {
    return { killed_processes: [], failed_processes: [{ pid: null, port, error: err instanceof ApiError ? err.message : String(err) }] };
  }
}

/** `/api/sandbox`: preparing the caller's sandbox, and the services of a project's sandbox (spec 03 §2.5, §7.2). */
export const sandboxServicesApi = newApp()
  .use(requireUser)
  // Nothing here blocks on the sandbox: with or without wait_if_maintenance the answer is
  // immediate and `status` says whether it is still coming up.
  .post("/", query(PrepareQuery), json(PrepareBody, { optional: true }), async (c) => {
    const body = c.req.valid("json");
    const prepared = await prepareSandbox(c.env, ownUserId(c, body.user_id));
    if (!prepared.ok) throw sandboxError(prepared);
    const { row } = prepared;
    return ok<PrepareAnswer>(c, { success: true, data: { subdomain: row.subdomain, sandbox_id: row.id, status: row.status as SandboxStatus }, error: null });
  })
  .get("/domains-health", query(DomainsQuery), async (c) => {
    const { project } = await requireProjectAccessById(c, c.req.valid("query").workspace);
    const sandbox = await currentSandbox(getDb(c.env.DB), project.ownerId);
    const status = maintenance(sandbox);
    if (status) {
      return ok<DomainsHealth>(c, {
        success: false,
        data: { sandbox_id: sandbox?.id ?? null, app_domains: [], error_code: "SANDBOX_UNDER_MAINTENANCE", status },
        error: maintenanceText(status),
      });
    }
    const app_domains = await hostDomains(c.env, project.ownerId, project.id);
    return ok<DomainsHealth>(c, { success: true, data: { sandbox_id: sandbox?.id ?? null, app_domains }, error: null });
  })
  .post("/processes/kill", json(KillBody), async (c) => {
    const body = c.req.valid("json");
    const access = await requireProjectAccessById(c, body.workspace);
    requireCan(access, "kill");
    const { project } = access;
    const status = maintenance(await currentSandbox(getDb(c.env.DB), project.ownerId));
    if (status) throw new ApiError(409, `Cannot kill process: VM is ${status}`);
    const each = await Promise.all([...new Set(body.ports)].map((port) => killPort(c.env, project.ownerId, project.id, port, body.force)));
    const result: Killed = { killed_processes: each.flatMap((r) => r.killed_processes), failed_processes: each.flatMap((r) => r.failed_processes) };
    return ok<KillAnswer>(c, { success: result.failed_processes.length === 0, data: result });
  });

/**
 * Signs the caller in unless a middleware of another sub-app on the same prefix already did;
 * these routes share `/coding-projects` with the project sub-app.
 */
const signedIn: MiddlewareHandler<AppEnv> = (c, next) => ((c.var as Partial<AppEnv["Variables"]>).user ? next() : requireUser(c, next));

/** `/api/coding-projects/{id}/…`: the project owner's sandbox, seen and restarted from the project. */
export const projectSandboxApi = newApp()
  .get("/:id/sandboxes", signedIn, async (c) => {
    const { project } = await requireProjectAccess(c);
    return ok<SandboxListAnswer>(c, sandboxList(await userSandboxes(getDb(c.env.DB), project.ownerId)));
  })
  .post("/:id/restart-vm", signedIn, async (c) => {
    const access = await requireProjectAccess(c);
    requireCan(access, "restart");
    const restarted = await restartSandbox(c.env, await requireRestartTarget(c.env, access.project.ownerId));
    if (!restarted.ok) throw sandboxError(restarted);
    return ok<RestartAnswer>(c, restarted.answer);
  });
