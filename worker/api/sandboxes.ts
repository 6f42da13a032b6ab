import type { Context } from "hono";
import * as v from "valibot";
import { Id } from "../../contract";
import { getDb } from "../db/client";
import { newApp, type AppEnv } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { jsonBody, parseWith } from "../lib/validate";
import { prepareSandbox, restartSandbox } from "../workspace/sandbox-lifecycle";
import { ownSandbox, sandboxList, toSandboxInfo, userSandboxes, type SandboxDetail } from "../workspace/sandbox-state";

/** Spec 03 §7.2 "POST /v1/sandboxes with provider, user_id, user_name"; the user is always the caller. */
const CreateSandboxBody = v.object({
  provider: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,32}$/, "Invalid provider")), "local"),
  user_id: v.optional(v.string()),
  user_name: v.optional(v.string()),
});

/** Spec: restart with `enable_isolation=true`. Workspaces are always isolated by the host, so it is accepted and implied. */
const RestartBody = v.object({ enable_isolation: v.optional(v.boolean()) });

/** `POST /api/sandboxes` → `{success, data: {task_id, sandbox_id, status, subdomain, created}, error}`. */
export interface CreateSandboxAnswer {
  success: true;
  data: { task_id: string | null; sandbox_id: string; status: SandboxDetail["status"]; subdomain: string | null; created: boolean };
  error: null;
}

/**
 * A JSON body that may be missing altogether (callers that POST nothing, or a form-less beacon);
 * when present it is validated like any other.
 */
export async function optionalJsonBody<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S): Promise<v.InferOutput<S>> {
  if (c.req.header("content-type") || (c.req.header("content-length") ?? "0") !== "0") return jsonBody(c, schema);
  return parseWith(schema, {});
}

/** A `user_id` in the body may only name the caller: nobody prepares or creates another's sandbox. */
export function ownUserId(c: Context<AppEnv>, userId: string | undefined): string {
  const me = c.get("user").id;
  if (userId !== undefined && userId !== me) throw new ApiError(403, "You can only manage your own sandbox");
  return me;
}

/** `/api/sandboxes`: the caller's sandbox records (spec 03 §7.2 "Sandbox service"). */
export const sandboxesApi = newApp()
  .use(requireUser)
  .post("/", async (c) => {
    const body = await optionalJsonBody(c, CreateSandboxBody);
    const userId = ownUserId(c, body.user_id);
    const { row, created } = await prepareSandbox(c.env, userId, body.provider);
    const info = toSandboxInfo(row);
    return ok<CreateSandboxAnswer>(c, {
      success: true,
      data: { task_id: info.task_id, sandbox_id: info.id, status: info.status, subdomain: info.subdomain, created },
      error: null,
    });
  })
  .get("/", async (c) => ok(c, sandboxList(await userSandboxes(getDb(c.env.DB), c.get("user").id))))
  .get("/:id", async (c) => {
    const row = await ownSandbox(getDb(c.env.DB), c.get("user").id, parseWith(Id, c.req.param("id")));
    return ok<SandboxDetail>(c, toSandboxInfo(row));
  })
  .post("/:id/restart", async (c) => {
    await optionalJsonBody(c, RestartBody);
    const row = await ownSandbox(getDb(c.env.DB), c.get("user").id, parseWith(Id, c.req.param("id")));
    return ok(c, await restartSandbox(c.env, row));
  });
