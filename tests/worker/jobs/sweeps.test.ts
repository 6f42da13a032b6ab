import { workerFetch } from "../worker-fetch";
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { runCleanup } from "../../../worker/jobs/cron";
import { runCleanupJobs } from "../../../worker/jobs/cleanup/index";
import { sandboxFetch, workspacePath } from "../../../worker/lib/sandbox-client";
import { ORIGIN, call, countRows, expectNothingStoredYet, expireSession, rawToken, session, setPlanInDb, signIn, signUp, type TestUser } from "../helpers";
import { createGroup, team } from "../chat-helpers";
import { addDocument, newBase, newVire, upload } from "../knowledge/kb-helpers";
import { addCodingAgent, newProject } from "../project-helpers";

/**
 * The cron's sweeps against the real R2 and D1 (and the real sandbox host): its unreferenced-data
 * jobs, then its session, rate-limit and verification cleanup. They count every row and object
 * they remove, so this file runs first in its workerd, before any other file has stored anything
 * (vitest.worker.config.ts's sequencer sees to it; the check below fails loudly if it ever did not).
 */
beforeAll(expectNothingStoredYet);

const DAY = 86_400_000;
const exists = async (key: string) => (await env.FILES.head(key)) !== null;

async function attach(u: TestUser, chatId: string, name = "notes.txt"): Promise<string> {
  const form = new FormData();
  form.append("file", new File(["some notes"], name, { type: "text/plain" }));
  const res = await workerFetch(`${ORIGIN}/api/chat-attachments?chatId=${chatId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${u.token}`, origin: ORIGIN },
    body: form,
  });
  const json: any = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  return `chats/${chatId}/${json.data.id}`;
}

/** The R2 key of an upload url `/api/uploads/{user}/{id}/{name}`. */
const uploadKeyOf = (url: string) => `uploads/${url.split("/").slice(3).map(decodeURIComponent).join("/")}`;

async function workspaceStatus(ownerId: string, projectId: string): Promise<number> {
  const res = await sandboxFetch(env, workspacePath(ownerId, projectId));
  await res.body?.cancel();
  return res.status;
}

describe("cleanup jobs", { timeout: 20_000 }, () => {
  it("removes attachments of dissolved chats and orphaned keys, keeps a live chat's, and reports it", async () => {
    const { admin, members } = await team("Dora", "Eli");
    const live = await createGroup(admin, members, [], "Live Room");
    const doomed = await createGroup(admin, members, [], "Doomed Room");
    const kept = await attach(admin, live);
    const gone = [await attach(admin, doomed), await attach(admin, doomed, "b.txt")];
    expect((await call(`/api/group-chats/${doomed}`, { method: "DELETE", token: admin.token })).status).toBe(200);
    // A chat row deleted some other way (a cascade) leaves the same kind of orphan.
    await env.FILES.put("chats/chat_never_existed/attach_x", "x");

    const report = await runCleanupJobs(env);
    expect(report.failed).toEqual([]);
    expect(report.removed.attachments).toBe(3);
    for (const key of [...gone, "chats/chat_never_existed/attach_x"]) expect(await exists(key)).toBe(false);
    expect(await exists(kept)).toBe(true);
    // Attached a moment ago to a live chat and still downloadable.
    expect(
      (await workerFetch(`${ORIGIN}/api/chat-attachments/${live}/${kept.split("/")[2]}`, { headers: { authorization: `Bearer ${admin.token}` } })).status,
    ).toBe(200);
    // Idempotent: a second run finds nothing.
    expect((await runCleanupJobs(env)).removed.attachments).toBe(0);
  });

  it("removes uploads nobody attached after a day, never an attached or a young one", async () => {
    const u = await signUp("Uma Uploader");
    const base = await newBase(u, await newVire(u));
    const abandoned = uploadKeyOf(await upload(u, "abandoned.txt", "never attached"));
    const file = await addDocument(u, base, "kept.txt", "attached one minute ago");
    const attached = uploadKeyOf(file.url);
    const young = uploadKeyOf(await upload(u, "young.txt", "just uploaded"));
    expect(await exists(attached)).toBe(true);

    // Today nothing is a day old yet.
    expect((await runCleanupJobs(env)).removed.uploads).toBe(0);
    expect(await exists(abandoned)).toBe(true);

    // A day and an hour later: only the abandoned ones (the young one is now old and unattached too).
    const later = await runCleanupJobs(env, Date.now() + DAY + 3_600_000);
    expect(later.removed.uploads).toBe(2);
    expect(await exists(abandoned)).toBe(false);
    expect(await exists(young)).toBe(false);
    expect(await exists(attached)).toBe(true);
    expect((await call(`/api/knowledge-base/${base}/files`, { token: u.token })).json.data).toHaveLength(1);
  });

  it("removes knowledge files of a deleted VIRE that its delete left behind", async () => {
    const u = await signUp("Kim Knowledge");
    const vireId = await newVire(u);
    const base = await newBase(u, vireId);
    const key = uploadKeyOf((await addDocument(u, base, "manual.txt", "how things work")).url);
    expect((await call(`/api/virtual-employees/${vireId}`, { token: u.token, method: "DELETE" })).status).toBe(200);
    // The delete removes the object at once; put it back as a failed R2 delete would have left it.
    expect(await exists(key)).toBe(false);
    await env.FILES.put(key, "how things work");

    const report = await runCleanupJobs(env);
    expect(report.removed.knowledgeFiles).toBe(1);
    expect(await exists(key)).toBe(false);
    expect((await runCleanupJobs(env)).removed.knowledgeFiles).toBe(0);
  });

  it("asks the sandbox host to delete workspaces whose project row is gone, and only those", async () => {
    const u = await signUp("Wes Workspace");
    await addCodingAgent(u);
    // Several projects: a paid plan (the free plan allows one).
    await setPlanInDb(u.id, true, "starter");
    const { projectId: goneId } = await newProject(u, "Gone Project");
    const { projectId: liveId } = await newProject(u, "Live Project");
    // The row goes without the host being told (a cascade, or a host that was down at delete time).
    await env.DB.prepare("DELETE FROM coding_project WHERE id = ?").bind(goneId).run();
    expect(await workspaceStatus(u.id, goneId)).toBe(200);

    const report = await runCleanupJobs(env);
    expect(report.removed.workspaces).toBe(1);
    expect(await workspaceStatus(u.id, goneId)).toBe(404);
    expect(await workspaceStatus(u.id, liveId)).toBe(200);
    expect((await runCleanupJobs(env)).removed.workspaces).toBe(0);
  });

  it("a host that cannot be reached keeps the workspace for the next run", async () => {
    const u = await signUp("Hal Host");
    await addCodingAgent(u);
    const { projectId } = await newProject(u, "Later Project");
    await env.DB.prepare("DELETE FROM coding_project WHERE id = ?").bind(projectId).run();
    const down = await runCleanupJobs({ ...env, SANDBOX_URL: "http://127.0.0.1:1" });
    expect(down.removed.workspaces).toBe(0);
    expect(await workspaceStatus(u.id, projectId)).toBe(200);
    expect((await runCleanupJobs(env)).removed.workspaces).toBe(1);
    expect(await workspaceStatus(u.id, projectId)).toBe(404);
  });

  it("removes expired invitations that were never accepted; live and accepted ones stay", async () => {
    const { admin, members } = await team("Ivy");
    const chatId = await createGroup(admin, members);
    const invite = async (email: string) =>
      (await call("/api/group-invites", { token: admin.token, body: { inviteeEmail: email, chatId } })).json.data.id as string;
    const [expired, live, accepted] = [await invite("expired1@example.com"), await invite("livelive@example.com"), await invite("accepted@example.com")];
    await env.DB.prepare("UPDATE group_invite SET expires_at = ? WHERE id IN (?, ?)")
      .bind(Date.now() - 1000, expired, accepted)
      .run();
    await env.DB.prepare("UPDATE group_invite SET status = 'accepted' WHERE id = ?").bind(accepted).run();

    expect((await runCleanupJobs(env)).removed.invitations).toBe(1);
    expect(await countRows("group_invite WHERE id = ?", expired)).toBe(0);
    expect(await countRows("group_invite WHERE id IN (?, ?)", live, accepted)).toBe(2);
  });

  it("removes sandbox records nobody will use again; a user's current one stays however old", async () => {
    const u = await signUp("Sam Sandbox");
    const old = Date.now() - 2 * DAY;
    const insert = (id: string, status: string, updatedAt: number) =>
      env.DB.prepare("INSERT INTO sandbox (id, user_id, provider, status, attempts, created_at, updated_at) VALUES (?, ?, 'local', ?, 0, ?, ?)")
        .bind(id, u.id, status, updatedAt, updatedAt)
        .run();
    await insert("sbx_old_failed", "failed", old);
    await insert("sbx_lost_creating", "creating", old);
    await insert("sbx_old_active", "active", old);
    await insert("sbx_new_failed", "failed", Date.now());
    await insert("sbx_new_creating", "creating", Date.now());

    expect((await runCleanupJobs(env)).removed.sandboxRecords).toBe(2);
    const left = (await env.DB.prepare("SELECT id FROM sandbox WHERE user_id = ? ORDER BY id").bind(u.id).all<{ id: string }>()).results.map((r) => r.id);
    expect(left).toEqual(["sbx_new_creating", "sbx_new_failed", "sbx_old_active"]);
  });

  it("never touches more than CLEANUP_MAX_OBJECTS per run, resumes where it stopped, and is safe to run at once", async () => {
    const keys = Array.from({ length: 25 }, (_, i) => `chats/chat_gone_batch/attach_${String(i).padStart(2, "0")}`);
    await Promise.all(keys.map((k) => env.FILES.put(k, "x")));
    const small = { ...env, CLEANUP_MAX_OBJECTS: "10" };
    const removedPerRun: number[] = [];
    for (let run = 0; run < 5; run++) {
      const report = await runCleanupJobs(small);
      expect(report.budget.used).toBeLessThanOrEqual(10);
      removedPerRun.push(report.removed.attachments);
    }
    expect(removedPerRun.every((n) => n <= 10)).toBe(true);
    expect(removedPerRun.reduce((a, b) => a + b, 0)).toBe(25);
    for (const k of keys) expect(await exists(k)).toBe(false);

    // Two runs at the same moment: both finish without failing, orphans go, live data stays.
    const { admin, members } = await team("Cora");
    const live = await createGroup(admin, members);
    const kept = await attach(admin, live);
    await Promise.all(keys.map((k) => env.FILES.put(k, "x")));
    const [a, b] = await Promise.all([runCleanupJobs(env), runCleanupJobs(env)]);
    expect([...a.failed, ...b.failed]).toEqual([]);
    for (const k of keys) expect(await exists(k)).toBe(false);
    expect(await exists(kept)).toBe(true);
  });

  it("the cron's report carries every count, the sessions included", async () => {
    await env.FILES.put("chats/chat_gone_cron/attach_1", "x");
    const report = await runCleanup(env);
    expect(report, JSON.stringify(report)).toMatchObject({
      sessions: expect.any(Number),
      removed: { attachments: 1, uploads: 0, knowledgeFiles: 0, workspaces: 0, invitations: 0, sandboxRecords: 0 },
      failed: [],
    });
  });
});

const sessionRows = (signed: string) => countRows("session WHERE token = ?", rawToken(signed));

async function runScheduled(): Promise<void> {
  const controller = createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" });
  const ctx = createExecutionContext();
  await worker.scheduled(controller, env, ctx);
  await waitOnExecutionContext(ctx);
}

async function insertRateLimit(key: string, count: number, lastRequest: number): Promise<void> {
  await env.DB.prepare("INSERT INTO rate_limit (id, key, count, last_request) VALUES (?, ?, ?, ?)").bind(crypto.randomUUID(), key, count, lastRequest).run();
}

async function insertVerification(id: string, expiresAt: number): Promise<void> {
  const now = Date.now();
  await env.DB.prepare("INSERT INTO verification (id, identifier, value, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)")
    .bind(id, `reset:${id}`, "secret", expiresAt, now, now)
    .run();
}

describe("scheduled cleanup", () => {
  it("an expired session stops working at once, and the cron deletes its row; live sessions stay", async () => {
    const gone = await signUp("Gone Gina");
    const stays = await signUp("Staying Stan");
    const secondDevice = await signIn(gone.email);
    await expireSession(gone.token);
    await expireSession(secondDevice.token);
    expect((await call("/api/auth/session", { token: gone.token })).json).toEqual({ code: 200, data: null, message: "ok" });
    // The second expired session is never touched by a request, so only the cron can remove it.
    expect(await sessionRows(secondDevice.token)).toBe(1);

    await runScheduled();

    expect(await sessionRows(gone.token)).toBe(0);
    expect(await sessionRows(secondDevice.token)).toBe(0);
    expect(await sessionRows(stays.token)).toBe(1);
    expect((await session(stays)).id).toBe(stays.id);
    expect((await call("/api/auth/session", { token: secondDevice.token })).json.data).toBeNull();
  });

  it("runCleanup reports how many sessions it removed and goes by the time it is given", async () => {
    const u = await signUp("Counted Carl");
    const other = await signIn(u.email);
    await expireSession(other.token);
    expect((await runCleanup(env)).sessions).toBe(1);
    expect((await runCleanup(env)).sessions).toBe(0);
    // Eight days on, every session of this file has expired, this user's remaining one included.
    const remaining = await countRows("session");
    expect(remaining).toBeGreaterThan(0);
    expect((await runCleanup(env, new Date(Date.now() + 8 * 86_400_000))).sessions).toBe(remaining);
    expect(await session(u)).toBeNull();
  });

  it("removes rate-limit rows older than the window but keeps the ones still counting", async () => {
    const now = Date.now();
    await insertRateLimit("198.51.100.1|/sign-in/email", 10, now - 5 * 60_000);
    await insertRateLimit("198.51.100.2|/sign-in/email", 10, now - 5_000);
    await runScheduled();
    expect(await countRows("rate_limit WHERE key = ?", "198.51.100.1|/sign-in/email")).toBe(0);
    expect(await countRows("rate_limit WHERE key = ?", "198.51.100.2|/sign-in/email")).toBe(1);
    // The address still inside its window stays blocked after the cron ran.
    const u = await signUp("Blocked Bea");
    expect((await signIn(u.email, undefined, "198.51.100.2")).status).toBe(429);
    expect((await signIn(u.email, undefined, "198.51.100.1")).status).toBe(200);
  });

  it("removes expired verification rows and keeps live ones", async () => {
    await insertVerification("ver-expired", Date.now() - 1_000);
    await insertVerification("ver-live", Date.now() + 3_600_000);
    await runScheduled();
    expect(await countRows("verification WHERE id = ?", "ver-expired")).toBe(0);
    expect(await countRows("verification WHERE id = ?", "ver-live")).toBe(1);
  });
});
