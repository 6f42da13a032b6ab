import { env } from "cloudflare:test";
import { verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { PASSWORD_TEXTS, SIGN_UP_ACCEPTED } from "../../../contract";
import {
  PASSWORD,
  call,
  countRows,
  expectError,
  expectMalformedJsonRefused,
  expectNonObjectRefused,
  expectWrongContentTypeRefused,
  expireSession,
  rawToken,
  session,
  signIn,
  signUp,
  UNAUTHORIZED,
} from "../helpers";
import { useRealPasswordHash } from "../worker-fetch";

// What is measured and stored here is better-auth's own scrypt, not the cheap test hash.
useRealPasswordHash();

const SESSION_FIELDS = [
  "id",
  "email",
  "username",
  "account",
  "name",
  "organizationId",
  "isOrgAdmin",
  "organizationName",
  "organizationDisplayName",
  "image",
  "role",
  "isMember",
  "memberPlan",
  "createdAt",
  "updatedAt",
];

const newEmail = () => `new-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe("sign up", () => {
  it("creates the account without signing in; signing in then answers with the spec's session fields", async () => {
    const email = newEmail();
    const r = await call("/api/auth/sign-up/email", { body: { name: "Grace Hopper", email, password: PASSWORD } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ code: 200, data: null, message: SIGN_UP_ACCEPTED });
    expect(r.res.headers.get("set-cookie") ?? "").not.toMatch(/session_token=[^;]/);
    expect(r.res.headers.get("set-auth-token")).toBeNull();

    const signedIn = await signIn(email);
    expect(signedIn.status).toBe(200);
    expect(signedIn.res.headers.get("set-cookie")).toMatch(/better-auth\.session_token=[^;]+;/);
    expect(signedIn.res.headers.get("set-cookie")).toMatch(/;\s*HttpOnly/i);
    const me = await session(signedIn);
    expect(Object.keys(me).sort()).toEqual([...SESSION_FIELDS].sort());
    expect(me).toMatchObject({
      id: signedIn.json.user.id,
      email,
      account: email,
      username: email.split("@")[0],
      name: "Grace Hopper",
      isOrgAdmin: true,
      organizationDisplayName: "Grace Hopper's Organization",
      organizationName: "grace-hopper",
      role: "user",
      isMember: false,
      memberPlan: "free",
      image: null,
    });
    expect(me.organizationId).toMatch(/^org_/);
    expect(new Date(me.createdAt).toISOString()).toBe(me.createdAt);
  });

  it("stores the password as a salted slow hash, never as plain text", async () => {
    const a = await signUp("Hash One");
    const b = await signUp("Hash Two");
    const rows = await env.DB.prepare("SELECT user_id, provider_id, password FROM account WHERE user_id IN (?, ?)").bind(a.id, b.id).all<{
      user_id: string;
      provider_id: string;
      password: string;
    }>();
    expect(rows.results).toHaveLength(2);
    for (const row of rows.results) {
      expect(row.provider_id).toBe("credential");
      expect(row.password).not.toContain(PASSWORD);
      // scrypt: hex salt and hex key, separated by a colon, that better-auth's own scrypt verifies
      // (the cheap test hash, which writes the same form, would not).
      expect(row.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(await verifyPassword({ hash: row.password, password: PASSWORD })).toBe(true);
    }
    // Same password, different salt: the hashes differ.
    expect(rows.results[0]!.password).not.toBe(rows.results[1]!.password);
  });

  it("answers a sign-up for a known e-mail exactly as for a new one, creating nothing and keeping the first account", async () => {
    const u = await signUp("First Owner");
    const known = await call("/api/auth/sign-up/email", { body: { name: "Impostor", email: u.email.toUpperCase(), password: "another password" } });
    const fresh = await call("/api/auth/sign-up/email", { body: { name: "Impostor", email: newEmail(), password: "another password" } });
    for (const r of [known, fresh]) {
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ code: 200, data: null, message: SIGN_UP_ACCEPTED });
      expect(r.res.headers.get("set-cookie")).toBeNull();
      expect(r.res.headers.get("set-auth-token")).toBeNull();
    }
    expect([...known.res.headers.keys()].sort()).toEqual([...fresh.res.headers.keys()].sort());
    expect(await countRows("user WHERE lower(email) = lower(?)", u.email)).toBe(1);
    expect(await countRows("user WHERE name = ?", "Impostor")).toBe(1);
    expect((await signIn(u.email)).status).toBe(200);
    expect((await signIn(u.email, "another password")).status).toBe(401);
  });

  it("takes about as long for a known e-mail as for a new one (both hash the password)", async () => {
    const u = await signUp("Timing Owner");
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await call("/api/auth/sign-up/email", { body: { name: "Timing", email, password: "quiet orchard lamp" } })).status).toBe(200);
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // The server pads a known e-mail's answer to its recent creations' median: let it learn the
    // machine's speed right now first, or a slower earlier phase of the run sets the pace.
    for (let i = 0; i < 9; i++) await timed(newEmail());
    // A load spike on a shared machine can skew one round; the padding must hold in one of three.
    // Without it a known e-mail answers several times faster (no hash), which no round hides.
    const round = async () => {
      const known: number[] = [];
      const fresh: number[] = [];
      for (let i = 0; i < 7; i++) {
        known.push(await timed(u.email));
        fresh.push(await timed(newEmail()));
      }
      const [k, f] = [median(known), median(fresh)];
      console.log(`sign-up median: known e-mail ${k.toFixed(1)} ms, new e-mail ${f.toFixed(1)} ms`);
      return Math.abs(k - f) / Math.max(k, f);
    };
    let gap = await round();
    for (let i = 0; i < 2 && gap >= 0.25; i++) gap = await round();
    expect(gap).toBeLessThan(0.25);
  }, 120_000);

  it("cannot set membership or developer fields through the sign-up body", async () => {
    const email = newEmail();
    const r = await call("/api/auth/sign-up/email", {
      body: { name: "Sneaky", email, password: PASSWORD, hasDevAccess: true, isMember: true, memberPlan: "enterprise", role: "admin" },
    });
    expect(r.status).toBe(400);
    expect(await countRows("user WHERE email = ?", email)).toBe(0);
  });

  it("rejects bad input with 400 and a message, creating nobody", async () => {
    await expectMalformedJsonRefused("/api/auth/sign-up/email", "POST", "");
    await expectNonObjectRefused("/api/auth/sign-up/email", "POST", "");
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ email: newEmail(), password: PASSWORD }, /name/i],
      [{ name: "No Mail", password: PASSWORD }, /email/i],
      [{ name: "No Password", email: newEmail() }, /password/i],
      [{ name: 42, email: newEmail(), password: PASSWORD }, "Please enter your name"],
      [{ name: null, email: newEmail(), password: PASSWORD }, "Please enter your name"],
      [{ name: "\u200B \u200B", email: newEmail(), password: PASSWORD }, "Please enter your name"],
      [{ name: "Eve\u202Eecila", email: newEmail(), password: PASSWORD }, "Name cannot contain text direction characters"],
      [{ name: "Eve\u0007", email: newEmail(), password: PASSWORD }, "Name cannot contain control characters"],
      [{ name: "\u0410lice Chen", email: newEmail(), password: PASSWORD }, "Name cannot mix Latin letters with Cyrillic or Greek letters"],
      [{ name: "   ", email: newEmail(), password: PASSWORD }, "Please enter your name"],
      [{ name: "x".repeat(65), email: newEmail(), password: PASSWORD }, "Name must be at most 64 characters"],
      [{ name: "Bad Mail", email: "not-an-email", password: PASSWORD }, "Please enter a valid email address."],
      [{ name: "Long Mail", email: `${"a".repeat(250)}@example.com`, password: PASSWORD }, "Please enter a valid email address."],
      [{ name: "Short", email: newEmail(), password: "123456789" }, "Password must be at least 10 characters"],
      [{ name: "Common", email: newEmail(), password: "password123" }, PASSWORD_TEXTS.common],
      [{ name: "Common", email: newEmail(), password: "Qwertyuiop!!" }, PASSWORD_TEXTS.common],
      [{ name: "Repeated", email: newEmail(), password: "aaaaaaaaaaaa" }, PASSWORD_TEXTS.common],
      [{ name: "Margaret Hamilton", email: newEmail(), password: "hamilton-2024" }, PASSWORD_TEXTS.personal],
      [{ name: "Mail", email: "rosalind@example.com", password: "Rosalind.Franklin" }, PASSWORD_TEXTS.personal],
      [{ name: "Long", email: newEmail(), password: "p".repeat(129) }, "Password must be at most 128 characters"],
      [{ name: "Typed", email: newEmail(), password: 12345678 }, /password/i],
    ];
    for (const [body, message] of cases) {
      const r = await call("/api/auth/sign-up/email", { body });
      expectError(r, 400, message);
      if (typeof body.email === "string") expect(await countRows("user WHERE email = ?", body.email)).toBe(0);
    }
  });

  it("answers 415 to a body that is not JSON by content type, creating nobody", async () => {
    const email = newEmail();
    await expectWrongContentTypeRefused("/api/auth/sign-up/email", "POST", "", { name: "Form User", email, password: PASSWORD });
    expect(await countRows("user WHERE email = ?", email)).toBe(0);
  });

  it("accepts an e-mail typed with surrounding spaces, as the shared form schema trims it", async () => {
    const email = newEmail();
    const r = await call("/api/auth/sign-up/email", { body: { name: "Spacey", email: `  ${email} `, password: PASSWORD } });
    expect(r.status).toBe(200);
    expect((await signIn(email)).status).toBe(200);
  });
});

describe("sign in", () => {
  it("signs in with e-mail and password; bearer token and cookie both carry the session", async () => {
    const u = await signUp("Sign In");
    const r = await signIn(u.email);
    expect(r.status).toBe(200);
    expect(r.res.headers.get("set-cookie")).toMatch(/;\s*HttpOnly/i);
    expect(r.token).not.toBe(u.token);
    expect((await call("/api/auth/session", { token: r.token })).json.data.id).toBe(u.id);
    expect((await call("/api/auth/session", { cookie: r.cookie })).json.data.id).toBe(u.id);
    expect((await call("/api/user/current-organization", { cookie: r.cookie })).status).toBe(200);
    expect((await call("/api/user/current-organization", { token: r.token })).status).toBe(200);
    // The session lives on the server.
    expect(await countRows("session WHERE token = ? AND user_id = ?", rawToken(r.token), u.id)).toBe(1);
  });

  it("accepts the e-mail in any letter case", async () => {
    const u = await signUp("Case Insensitive");
    expect((await signIn(u.email.toUpperCase())).status).toBe(200);
  });

  it("refuses a wrong password and an unknown e-mail with the same words", async () => {
    const u = await signUp("Wrong Password");
    const wrong = await signIn(u.email, "not the password");
    const unknown = await signIn(`ghost-${crypto.randomUUID().slice(0, 6)}@example.com`);
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.json.message).toBe("Invalid email or password");
      expect(r.res.headers.get("set-cookie") ?? "").not.toMatch(/session_token=[^;]/);
    }
  });

  it("rejects bad input with 400 and a message", async () => {
    const u = await signUp("Bad Sign In");
    await expectMalformedJsonRefused("/api/auth/sign-in/email", "POST", "");
    await expectNonObjectRefused("/api/auth/sign-in/email", "POST", "");
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ password: PASSWORD }, /^email: /],
      [{ email: u.email }, /^password: /],
      [{ email: 7, password: PASSWORD }, "Please enter a valid email address."],
      [{ email: u.email, password: ["x"] }, "Please enter your password"],
      [{ email: u.email, password: "" }, "Please enter your password"],
      [{ email: `${"a".repeat(300)}@example.com`, password: PASSWORD }, "Please enter a valid email address."],
      [{ email: u.email, password: PASSWORD, rememberMe: "yes" }, 'rememberMe: Invalid type: Expected boolean but received "yes"'],
      // The contract's own text for an over-long password; the last case, as it fails today (see report).
      [{ email: u.email, password: "p".repeat(10_000) }, "Invalid email or password"],
    ];
    for (const [body, message] of cases) expectError(await call("/api/auth/sign-in/email", { body }), 400, message);
  });

  it("answers 415 to a body that is not JSON by content type, setting no session", async () => {
    const u = await signUp("Form Sign In");
    await expectWrongContentTypeRefused("/api/auth/sign-in/email", "POST", "", { email: u.email, password: PASSWORD });
    expect(await countRows("session WHERE user_id = ?", u.id)).toBe(1);
  });

  it("allows 10 attempts a minute per client address, then answers 429 even for the right password", async () => {
    const u = await signUp("Rate Limited");
    const ip = "203.0.113.7";
    for (let i = 0; i < 10; i++) expect((await signIn(u.email, `wrong-${i}-password`, ip)).status).toBe(401);
    const blocked = await signIn(u.email, PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.res.headers.get("set-cookie") ?? "").not.toMatch(/session_token=[^;]/);
    // Another address is not affected.
    expect((await signIn(u.email, PASSWORD, "203.0.113.8")).status).toBe(200);
  });
});

describe("session and sign out", () => {
  it("reports data null without a session, and with an unknown token or cookie", async () => {
    for (const auth of [{}, { token: "nope" }, { cookie: "better-auth.session_token=nope.nope" }]) {
      const r = await call("/api/auth/session", auth);
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ code: 200, data: null, message: "ok" });
    }
  });

  it("sign-out by bearer token ends that session on the server: token and cookie stop working", async () => {
    const u = await signUp("Sign Out Bearer");
    const other = await signIn(u.email);
    const r = await call("/api/auth/sign-out", { method: "POST", token: u.token });
    expect(r.status).toBe(200);
    expect(r.res.headers.get("set-cookie")).toMatch(/better-auth\.session_token=;\s*Max-Age=0/);
    expect((await call("/api/auth/session", { token: u.token })).json.data).toBeNull();
    expect((await call("/api/auth/session", { cookie: u.cookie })).json.data).toBeNull();
    const refused = await call("/api/user/all-organizations", { cookie: u.cookie });
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual(UNAUTHORIZED);
    expect(await countRows("session WHERE token = ?", rawToken(u.token))).toBe(0);
    // Signing out on one device leaves the other signed in.
    expect((await session(other)).id).toBe(u.id);
  });

  it("sign-out by cookie ends that session too", async () => {
    const u = await signUp("Sign Out Cookie");
    expect((await call("/api/auth/sign-out", { method: "POST", cookie: u.cookie })).status).toBe(200);
    expect((await call("/api/auth/session", { token: u.token })).json.data).toBeNull();
    expect((await call("/api/organization/info", { cookie: u.cookie })).status).toBe(401);
  });

  it("an expired session stops working although the client still holds the token", async () => {
    const u = await signUp("Expired Session");
    await expireSession(u.token);
    expect((await call("/api/auth/session", { token: u.token })).json.data).toBeNull();
    expect((await call("/api/auth/session", { cookie: u.cookie })).json.data).toBeNull();
    const r = await call("/api/membership/status", { token: u.token });
    expect(r.status).toBe(401);
    expect(r.json).toEqual(UNAUTHORIZED);
    // Signing in again gives a fresh, working session.
    expect((await session(await signIn(u.email))).id).toBe(u.id);
  });

  it("answers unknown API paths with the 404 envelope", async () => {
    expectError(await call("/api/no-such-thing"), 404, "Not found");
  });
});
