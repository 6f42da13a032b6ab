import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PASSWORD_TEXTS } from "../../../contract";
import { PASSWORD, call, countRows, expectError, rawToken, session, signIn, signUp } from "../helpers";

// The account settings after sign-up: name, devices, password. auth.test.ts has sign-up, sign-in and
// sessions with better-auth's real scrypt; these run with the cheap test hash, which no check here is about.

describe("update-user goes through the shared name rule", () => {
  it("refuses null, huge, empty, control, bidi and look-alike names with 400 and a text, storing nothing", async () => {
    const u = await signUp("Steady Name");
    const cases: [unknown, string][] = [
      [{ name: null }, "Please enter your name"],
      [{ name: 7 }, "Please enter your name"],
      [{ name: "x".repeat(50_000) }, "Name must be at most 64 characters"],
      [{ name: " \u200B\u2060 " }, "Please enter your name"],
      [{ name: "Mallory\u0000" }, "Name cannot contain control characters"],
      [{ name: "Mallory\u2028Admin" }, "Name cannot contain control characters"],
      [{ name: "\u2067Mallory" }, "Name cannot contain text direction characters"],
      [{ name: "Ste\u0430dy Name" }, "Name cannot mix Latin letters with Cyrillic or Greek letters"],
      [{ name: "Ok", role: "admin" }, 'role: Invalid key: Expected never but received "role"'],
      [{ image: `https://example.com/${"a".repeat(2000)}` }, "image link is too long"],
      [{ image: "javascript:alert(1)" }, "image must be an http(s) link"],
    ];
    for (const [body, message] of cases) expectError(await call("/api/auth/update-user", { body, token: u.token }), 400, message);
    expect((await session(u)).name).toBe("Steady Name");
    expect((await session(u)).role).toBe("user");
  });

  it("stores a valid name trimmed and NFC-normalised, and the organization list still answers", async () => {
    const u = await signUp("Before Rename");
    const r = await call("/api/auth/update-user", { body: { name: "  \u200BJose\u0301 Chen\u200B " }, token: u.token });
    expect(r.status).toBe(200);
    expect((await session(u)).name).toBe("Jos\u00E9 Chen");
    expect((await call("/api/user/all-organizations", { token: u.token })).status).toBe(200);
  });

  it("refuses without a session", async () => {
    expect((await call("/api/auth/update-user", { body: { name: "Nobody" } })).status).toBe(401);
  });
});

describe("sessions are listed and revoked without their tokens", () => {
  it("lists ids and metadata only, never a token", async () => {
    const u = await signUp("Two Devices");
    const other = await signIn(u.email);
    const r = await call("/api/auth/list-sessions", { token: u.token });
    expect(r.status).toBe(200);
    expect(r.json.data).toHaveLength(2);
    for (const s of r.json.data) expect(Object.keys(s).sort()).toEqual(["createdAt", "current", "expiresAt", "id", "ipAddress", "updatedAt", "userAgent"]);
    const text = JSON.stringify(r.json);
    for (const signed of [u.token, other.token]) expect(text).not.toContain(rawToken(signed));
    expect(r.json.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    // A session signed in two days ago still sees its list (better-auth's own route wanted a "fresh" one).
    await env.DB.prepare("UPDATE session SET created_at = ? WHERE token = ?")
      .bind(Date.now() - 2 * 86_400_000, rawToken(u.token))
      .run();
    expect((await call("/api/auth/list-sessions", { token: u.token })).json.data).toHaveLength(2);
  });

  it("revokes another device by id; a stranger's id is not found and their session keeps working", async () => {
    const u = await signUp("Revoker");
    const other = await signIn(u.email);
    const stranger = await signUp("Stranger Sessions");
    const mine = (await call("/api/auth/list-sessions", { token: u.token })).json.data as { id: string; current: boolean }[];
    const theirs = (await call("/api/auth/list-sessions", { token: stranger.token })).json.data as { id: string }[];
    expectError(await call("/api/auth/revoke-session", { body: { id: theirs[0]!.id }, token: u.token }), 404, "Session not found");
    expect((await session(stranger)).id).toBe(stranger.id);
    expectError(await call("/api/auth/revoke-session", { body: { token: rawToken(other.token) }, token: u.token }), 400, "id is required");
    const target = mine.find((s) => !s.current)!;
    expect((await call("/api/auth/revoke-session", { body: { id: target.id }, token: u.token })).status).toBe(200);
    expect(await session(other)).toBeNull();
    expect((await session(u)).id).toBe(u.id);
  });

  it("better-auth routes the product does not use answer 404 (get-session would hand out the token)", async () => {
    const u = await signUp("Closed Routes");
    for (const [path, method] of [
      ["/api/auth/get-session", "GET"],
      ["/api/auth/delete-user", "POST"],
      ["/api/auth/change-email", "POST"],
      ["/api/auth/list-accounts", "GET"],
      ["/api/auth/request-password-reset", "POST"],
    ] as const) {
      const r = await call(path, { method, token: u.token, ...(method === "POST" ? { body: {} } : {}) });
      expectError(r, 404, "Not found");
      expect(JSON.stringify(r.json)).not.toContain(rawToken(u.token));
    }
    expect(await countRows("user WHERE id = ?", u.id)).toBe(1);
  });
});

describe("change-password applies the password policy", () => {
  it("refuses short, common and personal passwords, then accepts a good one", async () => {
    const u = await signUp("Pat Changer");
    const cases: [string, string][] = [
      ["short", PASSWORD_TEXTS.tooShort],
      ["iloveyou123", PASSWORD_TEXTS.common],
      ["zzzzzzzzzzzzzz", PASSWORD_TEXTS.common],
      ["changer-password-x", PASSWORD_TEXTS.personal],
    ];
    for (const [newPassword, message] of cases) {
      expectError(await call("/api/auth/change-password", { body: { currentPassword: PASSWORD, newPassword }, token: u.token }), 400, message);
    }
    expect((await signIn(u.email)).status).toBe(200);
    const r = await call("/api/auth/change-password", { body: { currentPassword: PASSWORD, newPassword: "violet tundra kettle" }, token: u.token });
    expect(r.status).toBe(200);
    expect((await signIn(u.email, "violet tundra kettle")).status).toBe(200);
    expect((await signIn(u.email)).status).toBe(401);
  });
});
