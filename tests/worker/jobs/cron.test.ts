import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { runCleanup } from "../../../worker/jobs/cron";
import { call, countRows, expireSession, rawToken, session, signIn, signUp } from "../helpers";

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
