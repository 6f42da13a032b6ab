import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getAuth } from "../../../worker/auth/auth";
import { fastSession } from "../../../worker/auth/fast-session";
import type { Env } from "../../../worker/env";
import { UNAUTHORIZED, call, rawToken, signUp } from "../helpers";

const workerEnv = env as unknown as Env;
const DAY = 86_400_000;
const WHO = "/api/user/current-organization";

const bearer = (token: string) => new Headers({ authorization: `Bearer ${token}` });
const cookie = (value: string) => new Headers({ cookie: `theme=dark; ${value}; lang=en` });
/** The signed token with its signature's last characters changed. */
const tampered = (signed: string) => {
  const decoded = decodeURIComponent(signed);
  return encodeURIComponent(decoded.slice(0, -6) + (decoded.slice(-6, -5) === "A" ? "B" : "A") + decoded.slice(-5));
};

async function expiresAt(token: string): Promise<number> {
  const row = await env.DB.prepare("SELECT expires_at AS at FROM session WHERE token = ?").bind(rawToken(token)).first<{ at: number }>();
  return row?.at ?? -1;
}

async function setExpiry(token: string, at: number): Promise<void> {
  await env.DB.prepare("UPDATE session SET expires_at = ? WHERE token = ?").bind(at, rawToken(token)).run();
}

describe("the one-read session lookup", () => {
  it("answers exactly what better-auth answers, for a signed bearer token, a raw one and the cookie", async () => {
    const u = await signUp("Fast Reader");
    for (const headers of [bearer(u.token), bearer(rawToken(u.token)), cookie(u.cookie)]) {
      const fast = await fastSession(workerEnv, headers);
      expect(fast).toBeTruthy();
      expect(fast).toEqual(await getAuth(workerEnv).api.getSession({ headers }));
    }
  });

  it("refuses a signature that does not verify, by bearer or cookie, and an unknown token", async () => {
    const u = await signUp("Forger");
    const [name] = u.cookie.split("=");
    const value = u.cookie.slice(name!.length + 1);
    for (const opts of [{ token: tampered(u.token) }, { cookie: `${name}=${tampered(value)}` }, { token: "notasessiontoken123" }, { token: "x.y" }]) {
      const r = await call(WHO, opts);
      expect(r.status, JSON.stringify(opts)).toBe(401);
      expect(r.json).toEqual(UNAUTHORIZED);
    }
    expect((await call(WHO, { token: u.token })).status).toBe(200);
  });

  it("leaves expiry and renewal to better-auth: an expired session is refused and deleted, one a day old is renewed", async () => {
    const due = await signUp("Daily User");
    // Signed in eight days ago, last renewed a day and a minute ago: better-auth gives it seven days again.
    await setExpiry(due.token, Date.now() + 6 * DAY - 60_000);
    expect((await call(WHO, { token: due.token })).status).toBe(200);
    expect(await expiresAt(due.token)).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);

    const fresh = await signUp("Fresh User");
    const before = await expiresAt(fresh.token);
    expect((await call(WHO, { token: fresh.token })).status).toBe(200);
    expect(await expiresAt(fresh.token)).toBe(before);

    const gone = await signUp("Gone User");
    await setExpiry(gone.token, Date.now() - 1000);
    expect(await fastSession(workerEnv, bearer(gone.token))).toBeUndefined();
    expect((await call(WHO, { token: gone.token })).status).toBe(401);
    expect(await expiresAt(gone.token)).toBe(-1);
  });
});
