import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, devUser, expectError, expectSignedOutRefused, signUp, type TestUser } from "../helpers";
import { waitUntil } from "../chat-helpers";

const EVENT_PATH = "/api/analytics/page-view";

/** A page name of letters only, so it is kept as it is (digits would make it look like an id). */
function uniquePage(): string {
  const letters = [...crypto.randomUUID().replaceAll("-", "").slice(0, 12)].map((ch) => String.fromCharCode(97 + parseInt(ch, 16))).join("");
  return `/probe-${letters}`;
}

function postEvent(user: TestUser | null, event: Record<string, unknown>, contentType = "application/json") {
  return call(EVENT_PATH, { token: user?.token, rawBody: JSON.stringify(event), headers: { "content-type": contentType } });
}

const view = (path: string) => ({ event: "page_view", path, referrer: null, timestamp: Date.now() });
const leave = (path: string, duration: number) => ({ event: "page_leave", path, duration, timestamp: Date.now() });

async function statsOf(dev: TestUser, path: string): Promise<any | undefined> {
  const r = await call("/api/analytics/page-views?days=1", { token: dev.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.rows.find((row: any) => row.path === path);
}

/** Events are written after the 204; waits until the page's row shows what is expected. */
async function waitForStats(dev: TestUser, path: string, check: (row: any) => boolean): Promise<any> {
  let row: any;
  await waitUntil(async () => {
    row = await statsOf(dev, path);
    return Boolean(row) && check(row);
  }, `stats of ${path}`);
  return row;
}

describe("POST /api/analytics/page-view", () => {
  it("counts a JSON page_view and a beacon's text/plain page_leave, and a developer sees them per page and day", async () => {
    const [user, dev] = [await signUp("Pia Pages"), await devUser()];
    const page = uniquePage();
    const first = await postEvent(user, view(page));
    expect(first.status).toBe(204);
    expect(first.json).toBeNull();
    expect((await postEvent(user, view(page))).status).toBe(204);
    expect((await postEvent(user, leave(page, 3000), "text/plain;charset=UTF-8")).status).toBe(204);
    expect((await postEvent(user, leave(page, 5000), "text/plain;charset=UTF-8")).status).toBe(204);
    const row = await waitForStats(dev, page, (r) => r.views === 2 && r.leaves === 2);
    expect(row).toEqual({ day: new Date().toISOString().slice(0, 10), path: page, views: 2, leaves: 2, averageDurationMs: 4000 });
  });

  it("keeps no query, language prefix, invitation code or id of the path", async () => {
    const [user, dev] = [await signUp("Pia Pages"), await devUser()];
    const page = uniquePage();
    await postEvent(user, view(`/zh${page}/chat_8f3a9c21?token=secret-token&chatId=abc`));
    await postEvent(user, view(`/join/SECRETINVITE?x=1`));
    await waitForStats(dev, `${page}/:id`, (r) => r.views === 1);
    const all = (await call("/api/analytics/page-views?days=1", { token: dev.token })).json.data.rows;
    expect(all.map((r: any) => r.path)).toContain("/join/:code");
    expect(JSON.stringify(all)).not.toMatch(/secret|SECRETINVITE|chatId|chat_8f3a9c21|\?/);
  });

  it("refuses bad events with a clear text", async () => {
    const user = await signUp("Pia Pages");
    expectError(await postEvent(user, { ...view("/home"), event: "click" }), 400, "event must be page_view or page_leave");
    for (const path of ["https://evil.example/home", "//evil.example/home", "home", "/a b", ""]) {
      expectError(await postEvent(user, view(path)), 400, "path must be a path of this site, such as /home");
    }
    expectError(await postEvent(user, view(`/${"a".repeat(600)}`)), 400, "path must be at most 512 characters");
    expectError(await postEvent(user, { event: "page_leave", path: "/home", timestamp: Date.now() }), 400, /duration/);
    expectError(await postEvent(user, leave("/home", -5)), 400, "duration must be a number of milliseconds");
    expectError(await postEvent(user, leave("/home", 2 * 86_400_000)), 400, "duration must be at most a day");
    expectError(await postEvent(user, { ...view("/home"), timestamp: "yesterday" }), 400, "timestamp must be a time in milliseconds");
    expectError(
      await call(EVENT_PATH, { token: user.token, rawBody: "{oops", headers: { "content-type": "text/plain" } }),
      400,
      "Malformed JSON in request body",
    );
    expectError(await call(EVENT_PATH, { token: user.token, rawBody: "[]", headers: { "content-type": "application/json" } }), 400);
    expectError(await postEvent(user, view("/home"), "application/x-www-form-urlencoded"), 415);
    expectError(await postEvent(user, { ...view("/home"), referrer: "x".repeat(5000) }), 413);
  });

  it("signed-out pages are answered 204 and not counted", async () => {
    const [user, dev] = [await signUp("Pia Pages"), await devUser()];
    const [visitorPage, memberPage] = [uniquePage(), uniquePage()];
    for (const auth of [{}, { token: "not-a-real-token" }]) {
      const r = await call(EVENT_PATH, { ...auth, body: view(visitorPage) });
      expect(r.status).toBe(204);
    }
    // The sign-in page is a visitor's page: its leave, sent once signed in, is not counted either.
    const signInBefore = (await statsOf(dev, "/auth/signin"))?.leaves ?? 0;
    expect((await postEvent(user, leave("/en/auth/signin", 2000))).status).toBe(204);
    await postEvent(user, view(memberPage));
    await waitForStats(dev, memberPage, (r) => r.views === 1);
    expect(await statsOf(dev, visitorPage)).toBeUndefined();
    expect((await statsOf(dev, "/auth/signin"))?.leaves ?? 0).toBe(signInBefore);
  });

  it("limits each user's events: a flood is refused with 429 and only accepted events count", async () => {
    const [user, other, dev] = [await signUp("Flo Flood"), await signUp("Calm Carl"), await devUser()];
    const page = uniquePage();
    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 1) statuses.push((await postEvent(user, view(page))).status);
    const accepted = statuses.filter((s) => s === 204).length;
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 204 || s === 429)).toBe(true);
    expectError(await postEvent(user, view(page)), 429, "Too many page events; please slow down");
    // Someone else is not held back by it.
    expect((await postEvent(other, view(page))).status).toBe(204);
    await waitForStats(dev, page, (r) => r.views === accepted + 1);
  }, 60_000);
});

describe("GET /api/analytics/page-views", () => {
  it("is for developers only", async () => {
    const user = await signUp("Nora Nodev");
    expectError(await call("/api/analytics/page-views", { token: user.token }), 403, "Developer access required");
    await expectSignedOutRefused("/api/analytics/page-views");
    const dev = await devUser();
    const r = await call("/api/analytics/page-views", { token: dev.token });
    expect(r.json.data).toEqual({ rows: expect.any(Array), store: "d1" });
    expectError(await call("/api/analytics/page-views?days=0", { token: dev.token }), 400, "days must be at least 1");
    expectError(await call("/api/analytics/page-views?days=91", { token: dev.token }), 400, "days must be at most 90");
  });
});

describe("the local store stays bounded", () => {
  it("keeps at most 200 pages a day (the rest count as (other)) and drops days past retention", async () => {
    const { recordPageEvent, OTHER_PAGE, PAGES_PER_DAY, RETENTION_DAYS, utcDay } = await import("../../../worker/analytics/store");
    // A day of its own within retention that no other test writes to.
    const now = Date.now() - (30 + Math.floor(Math.random() * 100)) * 86_400_000;
    const day = utcDay(now);
    await env.DB.prepare("DELETE FROM page_view_daily WHERE day = ?").bind(day).run();
    const stale = utcDay(now - (RETENTION_DAYS + 1) * 86_400_000);
    await env.DB.prepare("INSERT INTO page_view_daily (day, path, views) VALUES (?, '/stale', 1)").bind(stale).run();
    for (let i = 0; i < PAGES_PER_DAY + 5; i += 1) {
      await recordPageEvent(env, { event: "page_view", page: `/page-${i}`, referrer: null, durationMs: 0, clientTimestamp: now }, now);
    }
    const rows = (await env.DB.prepare("SELECT path, views FROM page_view_daily WHERE day = ?").bind(day).all<{ path: string; views: number }>()).results;
    expect(rows).toHaveLength(PAGES_PER_DAY + 1);
    expect(rows.find((r) => r.path === OTHER_PAGE)?.views).toBe(5);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM page_view_daily WHERE day = ?").bind(stale).first("n")).toBe(0);
  }, 60_000);
});
