import { workerFetch } from "../worker-fetch";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ORIGIN, countRows, expectError, freshIp, session, signUp, type TestUser } from "../helpers";

const EVIL = "https://evil.example";

/** A request as a browser page would send it: the session cookie, and whatever page headers the case says. */
async function send(path: string, u: TestUser, opts: { method?: string; headers?: Record<string, string>; body?: string; bearer?: boolean } = {}) {
  const headers: Record<string, string> = { "cf-connecting-ip": freshIp(), ...opts.headers };
  if (opts.bearer) headers.authorization = `Bearer ${u.token}`;
  else headers.cookie = u.cookie;
  const res = await workerFetch(`${ORIGIN}${path}`, { method: opts.method ?? "POST", headers, body: opts.body });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, res };
}

async function storedObjects(): Promise<number> {
  return (await env.FILES.list()).objects.length;
}

const FOREIGN_PAGES: [string, Record<string, string>][] = [
  ["a foreign Origin", { origin: EVIL }],
  ["Origin null (sandboxed frame, data: URL)", { origin: "null" }],
  ["no Origin but a foreign Referer", { referer: `${EVIL}/page.html` }],
  ["no Origin or Referer but Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
];

describe("state-changing requests with the cookie from a foreign page", () => {
  it.each(FOREIGN_PAGES)("refuses a raw-body upload (no JSON) from %s, storing nothing", async (_label, page) => {
    const u = await signUp("Upload Target");
    const before = await storedObjects();
    const r = await send("/api/uploads?fileName=planted.txt&contentType=text/plain", u, {
      headers: { ...page, "content-type": "text/plain" },
      body: "planted",
    });
    expectError(r, 403, "Origin not allowed");
    expect(await storedObjects()).toBe(before);
  });

  it.each(FOREIGN_PAGES)("refuses sign-out (a body-less POST) from %s: the session survives", async (_label, page) => {
    const u = await signUp("Logout Target");
    expectError(await send("/api/auth/sign-out", u, { headers: page }), 403, "Origin not allowed");
    expect((await session(u)).id).toBe(u.id);
  });

  it("refuses a JSON profile change and a DELETE from a foreign Origin", async () => {
    const u = await signUp("Profile Target");
    const json = { origin: EVIL, "content-type": "application/json" };
    expectError(await send("/api/auth/update-user", u, { headers: json, body: JSON.stringify({ name: "Pwned" }) }), 403, "Origin not allowed");
    expect((await session(u)).name).toBe("Profile Target");
    expectError(await send("/api/virtual-employees/vire_none", u, { method: "DELETE", headers: { origin: EVIL } }), 403, "Origin not allowed");
  });
});

describe("requests that keep working", () => {
  it("the app's own pages: same Origin, or same-origin Referer", async () => {
    const u = await signUp("Own Page");
    const ok = await send("/api/uploads?fileName=mine.txt&contentType=text/plain", u, {
      headers: { origin: ORIGIN, "content-type": "text/plain" },
      body: "mine",
    });
    expect(ok.status).toBe(200);
    const json = { referer: `${ORIGIN}/chat`, "sec-fetch-site": "same-origin", "content-type": "application/json" };
    expect((await send("/api/auth/update-user", u, { headers: json, body: JSON.stringify({ name: "Own Page Renamed" }) })).status).toBe(200);
    expect((await session(u)).name).toBe("Own Page Renamed");
  });

  it("reads (GET) with the cookie from anywhere: nothing changes, and CORS keeps the answer from the page", async () => {
    const u = await signUp("Reader");
    expect((await send("/api/user/all-organizations", u, { method: "GET", headers: { origin: EVIL } })).status).toBe(200);
  });

  it("server-to-server calls with the cookie but no browser headers, and bearer-token calls from any origin", async () => {
    const u = await signUp("Tool User");
    // (better-auth's own routes additionally insist on an Origin with a cookie; ours do not.)
    const tool = await send("/api/uploads?fileName=tool.txt&contentType=text/plain", u, { headers: { "content-type": "text/plain" }, body: "from a tool" });
    expect(tool.status).toBe(200);
    const bearer = await send("/api/auth/update-user", u, {
      bearer: true,
      headers: { origin: EVIL, "content-type": "application/json" },
      body: JSON.stringify({ name: "Bearer Renamed" }),
    });
    expect(bearer.status).toBe(200);
    expect((await session(u)).name).toBe("Bearer Renamed");
    expect(await countRows("session WHERE user_id = ?", u.id)).toBe(1);
  });
});
