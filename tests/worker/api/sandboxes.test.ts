import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { runSandboxPoll, sandboxPollJob } from "../../../worker/jobs/sandbox-poll";
import { call, expectError, signUp, type TestUser } from "../helpers";
import { waitUntil } from "../chat-helpers";

const handler: ExportedHandler<Cloudflare.Env> = worker;
let seq = 0;

/** Delivers job bodies to the Worker's queue handler, as the runtime would. */
async function deliver(...bodies: unknown[]) {
  const batch = createMessageBatch(
    "teamchat-jobs",
    bodies.map((body) => ({ id: `sbx-job-${++seq}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await handler.queue!(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

/** The Worker with a sandbox host nobody listens on. */
const unreachable: Cloudflare.Env = { ...env, SANDBOX_URL: "http://127.0.0.1:1" };

interface Row {
  status: string;
  task_id: string | null;
  attempts: number;
  last_error: string | null;
}
const rowOf = (id: string) => env.DB.prepare("SELECT status, task_id, attempts, last_error FROM sandbox WHERE id = ?").bind(id).first<Row>();

/** A sandbox record written straight into D1, for states the API only reaches over time. */
async function insertSandbox(userId: string, status: string, opts: { ageMs?: number; attempts?: number; taskId?: string } = {}): Promise<string> {
  const id = `sbx_${crypto.randomUUID().replaceAll("-", "")}`;
  const at = Date.now() - (opts.ageMs ?? 0);
  await env.DB.prepare(
    "INSERT INTO sandbox (id, user_id, provider, status, task_id, subdomain, attempts, created_at, updated_at) VALUES (?, ?, 'local', ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, userId, status, opts.taskId ?? `task_${id}`, `sbx-${id.slice(4, 16)}`, opts.attempts ?? 0, at, at)
    .run();
  return id;
}

const create = (u: TestUser, body: unknown = {}) => call("/api/sandboxes", { token: u.token, body });
const info = (u: TestUser, id: string) => call(`/api/sandboxes/${id}`, { token: u.token });

async function activeSandbox(u: TestUser): Promise<string> {
  const r = await create(u);
  const id = r.json.data.data.sandbox_id as string;
  await deliver(sandboxPollJob(id, r.json.data.data.task_id));
  await waitUntil(async () => (await rowOf(id))?.status === "active", "the sandbox to become active");
  return id;
}

describe("creating a sandbox", () => {
  it("answers creating with a task, is idempotent, and the poll job brings it to active", async () => {
    const u = await signUp("Sandy Creator");
    const r = await create(u, { provider: "local", user_id: u.id, user_name: u.name });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      success: true,
      data: {
        task_id: expect.stringMatching(/^task_/),
        sandbox_id: expect.stringMatching(/^sbx_/),
        status: "creating",
        subdomain: expect.stringMatching(/^sbx-/),
        created: true,
      },
      error: null,
    });
    const { sandbox_id: id, task_id: taskId } = r.json.data.data;

    const again = await create(u);
    expect(again.json.data.data).toMatchObject({ sandbox_id: id, created: false });

    const result = await deliver(sandboxPollJob(id, taskId));
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
    // The queue's own consumer got the same job; whichever ran, exactly one advanced the record.
    await waitUntil(async () => (await rowOf(id))?.status === "active", "active");
    expect(await rowOf(id)).toMatchObject({ status: "active", attempts: 1, last_error: null });

    const mine = await info(u, id);
    expect(mine.json.data).toEqual({
      sandbox_id: id,
      id,
      status: "active",
      subdomain: expect.stringMatching(/^sbx-/),
      wss_base_url: null,
      task_id: taskId,
      created_at: expect.any(String),
      expires_at: null,
      last_error: null,
    });
    const list = await call("/api/sandboxes", { token: u.token });
    expect(list.json.data.current).toMatchObject({ id, status: "active" });
    expect(list.json.data.sandboxes.map((s: any) => s.id)).toEqual([id]);
    // A later create while active changes nothing.
    expect((await create(u)).json.data.data).toMatchObject({ sandbox_id: id, status: "active", created: false });
  });

  it("a repeated or stale poll is a no-op", async () => {
    const u = await signUp("Dup Poller");
    const id = await activeSandbox(u);
    const before = await rowOf(id);
    expect(await runSandboxPoll(env, sandboxPollJob(id, before!.task_id!, 0))).toBe("active");
    expect(await runSandboxPoll(env, sandboxPollJob(id, "task_other", before!.attempts))).toBe("active");
    expect(await runSandboxPoll(env, sandboxPollJob("sbx_missing", "task_x"))).toBeNull();
    expect(await rowOf(id)).toEqual(before);
  });

  it("refuses to create or prepare someone else's sandbox and needs a session", async () => {
    const u = await signUp("Only Mine");
    expectError(await create(u, { user_id: "someone-else" }), 403, "You can only manage your own sandbox");
    expectError(await call("/api/sandbox", { token: u.token, body: { user_id: "someone-else" } }), 403, "You can only manage your own sandbox");
    expectError(await create(u, { provider: "x y" }), 400, "Invalid provider");
    expect((await call("/api/sandboxes", { body: {} })).status).toBe(401);
    expect((await call("/api/sandboxes")).status).toBe(401);
    expect((await call("/api/sandbox?wait_if_maintenance=false", { body: {} })).status).toBe(401);
  });
});

describe("a host that does not answer", () => {
  it("records the error and polls again in 5 s; the 60th failed poll fails the sandbox", async () => {
    const u = await signUp("Unlucky Host");
    const id = await insertSandbox(u.id, "creating", { taskId: "task_unlucky" });

    expect(await runSandboxPoll(unreachable, sandboxPollJob(id, "task_unlucky", 0), { requeue: false })).toBe("creating");
    expect(await rowOf(id)).toMatchObject({ status: "creating", attempts: 1, last_error: "Sandbox not available" });
    // The same poll delivered twice does not count twice.
    expect(await runSandboxPoll(unreachable, sandboxPollJob(id, "task_unlucky", 0), { requeue: false })).toBe("creating");
    expect((await rowOf(id))?.attempts).toBe(1);

    await env.DB.prepare("UPDATE sandbox SET attempts = 59 WHERE id = ?").bind(id).run();
    expect(await runSandboxPoll(unreachable, sandboxPollJob(id, "task_unlucky", 59), { requeue: false })).toBe("failed");
    expect(await rowOf(id)).toMatchObject({
      status: "failed",
      attempts: 60,
      last_error: "Sandbox did not become ready after 60 checks: Sandbox not available",
    });

    const seen = await info(u, id);
    expect(seen.json.data).toMatchObject({ status: "failed", last_error: expect.stringContaining("60 checks") });
    const list = await call("/api/sandboxes", { token: u.token });
    expect(list.json.data.current).toBeNull();
    expect(list.json.data.sandboxes.map((s: any) => s.status)).toEqual(["failed"]);

    // Trying again starts a new sandbox; the failed record is gone with it.
    const retry = await create(u);
    expect(retry.json.data.data).toMatchObject({ status: "creating", created: true });
    expect(retry.json.data.data.sandbox_id).not.toBe(id);
    expect(await rowOf(id)).toBeNull();
  });

  it("keeps polling through the queue and comes up once the host answers", async () => {
    const u = await signUp("Late Host");
    const id = await insertSandbox(u.id, "creating", { taskId: "task_late" });
    // The unreachable poll re-enqueues itself with a 5 s delay; the queue's consumer then sees the real host.
    expect(await runSandboxPoll(unreachable, sandboxPollJob(id, "task_late", 0))).toBe("creating");
    expect((await rowOf(id))?.last_error).toBe("Sandbox not available");
    await waitUntil(async () => (await rowOf(id))?.status === "active", "the re-enqueued poll to bring it up", 20_000);
    expect(await rowOf(id)).toMatchObject({ status: "active", attempts: 2, last_error: null });
  }, 30_000);

  it("a create whose job went quiet gets a fresh job on the next prepare", async () => {
    const u = await signUp("Lost Job");
    const id = await insertSandbox(u.id, "creating", { ageMs: 5 * 60_000, taskId: "task_lost" });
    const r = await call("/api/sandbox?wait_if_maintenance=false", { token: u.token, body: { user_id: u.id } });
    expect(r.json.data).toMatchObject({ success: true, data: { sandbox_id: id, status: "creating", subdomain: expect.any(String) }, error: null });
    const row = await rowOf(id);
    expect(row?.task_id).not.toBe("task_lost");
    await waitUntil(async () => (await rowOf(id))?.status === "active", "the fresh job to bring it up", 10_000);
  });
});

describe("agent server prepare", () => {
  it("POST /api/sandbox ensures the record and answers its subdomain", async () => {
    const u = await signUp("Prepared Person");
    const r = await call("/api/sandbox?wait_if_maintenance=false", { token: u.token, body: { user_id: u.id } });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      success: true,
      data: { subdomain: expect.stringMatching(/^sbx-/), sandbox_id: expect.any(String), status: "creating" },
      error: null,
    });
    const again = await call("/api/sandbox", { token: u.token, body: {} });
    expect(again.json.data.data.subdomain).toBe(r.json.data.data.subdomain);
    expect((await call("/api/sandboxes", { token: u.token })).json.data.sandboxes).toHaveLength(1);
    expectError(await call("/api/sandbox?wait_if_maintenance=maybe", { token: u.token, body: {} }), 400, "wait_if_maintenance must be true or false");
  });
});

describe("restarting", () => {
  it("goes to restarting with a new task, and the poll brings it back to active", async () => {
    const u = await signUp("Restart Rita");
    const id = await activeSandbox(u);
    const before = await rowOf(id);
    const r = await call(`/api/sandboxes/${id}/restart`, { token: u.token, body: { enable_isolation: true } });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      success: true,
      data: { sandbox_id: id, status: "restarting", sandbox: { id, status: "restarting" }, workspaces: [] },
      error: null,
    });
    const taskId = r.json.data.data.sandbox.task_id;
    expect(taskId).not.toBe(before?.task_id);

    await deliver(sandboxPollJob(id, taskId, 0));
    await waitUntil(async () => (await rowOf(id))?.status === "active", "back to active");
    expect((await info(u, id)).json.data).toMatchObject({ status: "active", task_id: taskId });
  });

  it("a restart already under way is answered as it stands; a failed sandbox can be restarted", async () => {
    const u = await signUp("Double Click");
    const busy = await insertSandbox(u.id, "restarting", { taskId: "task_busy" });
    const r = await call(`/api/sandboxes/${busy}/restart`, { token: u.token, body: {} });
    expect(r.json.data.data).toMatchObject({ status: "restarting", sandbox: { task_id: "task_busy" } });
    expect((await rowOf(busy))?.task_id).toBe("task_busy");

    const failed = await insertSandbox(u.id, "failed");
    const again = await call(`/api/sandboxes/${failed}/restart`, { token: u.token, body: {} });
    expect(again.json.data.data.status).toBe("restarting");
    await waitUntil(async () => (await rowOf(failed))?.status === "active", "the failed sandbox to come back");
  });
});

describe("choosing the current sandbox", () => {
  it("follows the status priority and ignores failed, pooling, pooled and destroying", async () => {
    const u = await signUp("Many Boxes");
    await insertSandbox(u.id, "creating", { ageMs: 6000 });
    await insertSandbox(u.id, "stopped", { ageMs: 5000 });
    const idle = await insertSandbox(u.id, "idle", { ageMs: 4000 });
    for (const s of ["failed", "pooling", "pooled", "destroying"]) await insertSandbox(u.id, s, { ageMs: 1000 });
    let list = await call("/api/sandboxes", { token: u.token });
    expect(list.json.data.current.id).toBe(idle);
    expect(list.json.data.sandboxes).toHaveLength(7);

    const active = await insertSandbox(u.id, "active", { ageMs: 10_000 });
    list = await call("/api/sandboxes", { token: u.token });
    expect(list.json.data.current.id).toBe(active);
    // Creating again returns the usable one rather than adding an eighth.
    expect((await create(u)).json.data.data).toMatchObject({ sandbox_id: active, created: false });

    const v = await signUp("Only Ignored");
    for (const s of ["failed", "pooled", "destroying"]) await insertSandbox(v.id, s);
    expect((await call("/api/sandboxes", { token: v.token })).json.data.current).toBeNull();
  });
});

describe("another user's sandbox", () => {
  it("is 404 to read and to restart", async () => {
    const owner = await signUp("Box Owner");
    const other = await signUp("Box Peeker");
    const id = await insertSandbox(owner.id, "active");
    expectError(await info(other, id), 404, "Sandbox not found");
    expectError(await call(`/api/sandboxes/${id}/restart`, { token: other.token, body: {} }), 404, "Sandbox not found");
    expectError(await info(other, "sbx_nope"), 404, "Sandbox not found");
    expect((await rowOf(id))?.status).toBe("active");
    expect((await call("/api/sandboxes", { token: other.token })).json.data).toEqual({ sandboxes: [], current: null });
  });
});
