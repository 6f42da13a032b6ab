import * as v from "valibot";
import { Id, type CreateSandboxAnswer, type SandboxDetail, type SandboxListAnswer } from "../../contract";
import { getDb } from "../db/client";
import { ownUserId } from "../lib/own-user";
import { newApp } from "../lib/app";
import { ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { json, param } from "../lib/validate";
import { prepareSandbox, restartSandbox, type RestartAnswer } from "../workspace/sandbox-lifecycle";
import { sandboxList, toSandboxInfo, userSandboxes } from "../workspace/sandbox-state";
import { sandboxError } from "../lib/refusals";
import { requireOwnSandbox } from "../lib/sandbox-access";

/** Spec 03 §7.2 "POST /v1/sandboxes with provider, user_id, user_name"; the user is always the caller. */
const CreateSandboxBody = v.object({
  provider: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,32}$/, "Invalid provider")), "local"),
  user_id: v.optional(v.string()),
  user_name: v.optional(v.string()),
});

/** Spec: restart with `enable_isolation=true`. Workspaces are always isolated by the host, so it is accepted and implied. */
const RestartBody = v.object({ enable_isolation: v.optional(v.boolean()) });
const IdParam = v.object({ id: Id });

/** `/api/sandboxes`: the caller's sandbox records (spec 03 §7.2 "Sandbox service"). */
export const sandboxesApi = newApp()
  .use(requireUser)
  .post("/", json(CreateSandboxBody, { optional: true }), async (c) => {
    const body = c.req.valid("json");
    const userId = ownUserId(c, body.user_id);
    const prepared = await prepareSandbox(c.env, userId, body.provider);
    if (!prepared.ok) throw sandboxError(prepared);
    const { row, created } = prepared;
    const info = toSandboxInfo(row);
    return ok<CreateSandboxAnswer>(c, {
      success: true,
      data: { task_id: info.task_id, sandbox_id: info.id, status: info.status, subdomain: info.subdomain, created },
      error: null,
    });
  })
  .get("/", async (c) => ok<SandboxListAnswer>(c, sandboxList(await userSandboxes(getDb(c.env.DB), c.get("user").id))))
  .get("/:id", param(IdParam), async (c) => {
    const row = await requireOwnSandbox(getDb(c.env.DB), c.get("user").id, c.req.valid("param").id);
    return ok<SandboxDetail>(c, toSandboxInfo(row));
  })
  .post("/:id/restart", json(RestartBody, { optional: true }), param(IdParam), async (c) => {
    const row = await requireOwnSandbox(getDb(c.env.DB), c.get("user").id, c.req.valid("param").id);
    const restarted = await restartSandbox(c.env, row);
    if (!restarted.ok) throw sandboxError(restarted);
    return ok<RestartAnswer>(c, restarted.answer);
  });
