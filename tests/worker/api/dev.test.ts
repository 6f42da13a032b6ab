import { describe, expect, it } from "vitest";
import { DEV_EMAIL, call, devUser, expectError, expectJsonBodyChecks, expectSignedOutRefused, session, signUp } from "../helpers";

const DENIED = "Developer access required";
const setPlan = (as: { token: string }, userId: string, body: unknown) => call(`/api/dev/users/${userId}/membership`, { method: "PUT", token: as.token, body });
const status = async (u: { token: string }) => (await call("/api/membership/status", { token: u.token })).json.data;

describe("GET /api/user-dev-func", () => {
  it("refuses without a session", async () => {
    await expectSignedOutRefused("/api/user-dev-func");
  });

  it("an e-mail listed in DEV_EMAILS gets developer access at sign-up", async () => {
    const dev = await devUser();
    expect(dev.email).toBe(DEV_EMAIL);
    const r = await call("/api/user-dev-func", { token: dev.token });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ success: true, data: { functions: ["set_membership"] }, hasDevAccess: true });
  });

  it("everybody else, look-alike addresses included, has none", async () => {
    for (const email of [undefined, "xdev@example.com", "dev@example.com.evil.test"]) {
      const u = await signUp("Ordinary User", email);
      const r = await call("/api/user-dev-func", { token: u.token });
      expect(r.json.data).toEqual({ success: true, data: { functions: [] }, hasDevAccess: false });
    }
  });
});

describe("/api/dev is for developers only", () => {
  it("refuses without a session", async () => {
    await expectSignedOutRefused("/api/dev/users");
    await expectSignedOutRefused("/api/dev/users/someone/membership", "PUT", { memberPlan: "enterprise" });
  });

  it("refuses other users with 403, and their plan change does nothing", async () => {
    const u = await signUp("Wannabe Dev");
    const victim = await signUp("Victim Vera");
    expectError(await call("/api/dev/users", { token: u.token }), 403, DENIED);
    expectError(await setPlan(u, u.id, { memberPlan: "enterprise" }), 403, DENIED);
    expectError(await setPlan(u, victim.id, { memberPlan: "enterprise" }), 403, DENIED);
    expect((await status(u)).tier).toBe("free");
    expect((await status(victim)).tier).toBe("free");
  });
});

describe("GET /api/dev/users", () => {
  it("finds users by name or e-mail, with their plan", async () => {
    const dev = await devUser();
    // The list without a query is the first 50 by e-mail, and files that share the storage add users:
    // this address sorts before theirs.
    const target = await signUp("Quentin Findme", `0-findme-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const byName = (await call("/api/dev/users?query=Findme", { token: dev.token })).json.data.users;
    expect(byName).toEqual([
      {
        id: target.id,
        name: "Quentin Findme",
        email: target.email,
        isMember: false,
        memberPlan: "free",
        memberExpireAt: null,
        tier: "free",
        hasDevAccess: false,
      },
    ]);
    const byMail = (await call(`/api/dev/users?query=${encodeURIComponent(target.email)}`, { token: dev.token })).json.data.users;
    expect(byMail.map((u: any) => u.id)).toEqual([target.id]);
    const all = (await call("/api/dev/users", { token: dev.token })).json.data.users;
    expect(all.map((u: any) => u.email)).toEqual(expect.arrayContaining([DEV_EMAIL, target.email]));
    expect((await call("/api/dev/users?query=nobody-has-this-name", { token: dev.token })).json.data.users).toEqual([]);
  });

  it("rejects an over-long query with 400", async () => {
    const dev = await devUser();
    expectError(await call(`/api/dev/users?query=${"q".repeat(101)}`, { token: dev.token }), 400, "Query is too long");
  });
});

describe("PUT /api/dev/users/{id}/membership", () => {
  it("setting a plan changes what the target sees: status, usage limits and session", async () => {
    const dev = await devUser();
    const target = await signUp("Target Tina");
    const r = await setPlan(dev, target.id, { memberPlan: "professional" });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ id: target.id, isMember: true, memberPlan: "professional", memberExpireAt: null, tier: "professional" });
    expect(await status(target)).toEqual({ is_member: true, member_plan: "professional", member_expire_at: null, tier: "professional" });
    const usage = (await call("/api/usage", { token: target.token })).json.data;
    expect(usage.tier).toBe("professional");
    expect(usage.agentRequests.limit).toBe(5000);
    expect(usage.virtualEmployees.limit).toBe(-1);
    expect(await session(target)).toMatchObject({ isMember: true, memberPlan: "professional" });
    // The developer's own plan is untouched.
    expect((await status(dev)).tier).toBe("free");
  });

  it("a plan with a future expiry counts; one with a past expiry is free", async () => {
    const dev = await devUser();
    const target = await signUp("Expiring Ed");
    const future = new Date(Date.now() + 7 * 86_400_000).toISOString();
    expect((await setPlan(dev, target.id, { memberPlan: "starter", memberExpireAt: future })).status).toBe(200);
    expect(await status(target)).toEqual({ is_member: true, member_plan: "starter", member_expire_at: future, tier: "starter" });
    expect((await call("/api/usage", { token: target.token })).json.data.agentRequests.limit).toBe(1000);

    const past = new Date(Date.now() - 86_400_000).toISOString();
    const r = await setPlan(dev, target.id, { memberPlan: "enterprise", memberExpireAt: past });
    expect(r.json.data.tier).toBe("free");
    expect((await status(target)).tier).toBe("free");
    expect((await session(target)).isMember).toBe(false);
  });

  it("setting free ends the membership", async () => {
    const dev = await devUser();
    const target = await signUp("Downgraded Dora");
    await setPlan(dev, target.id, { memberPlan: "enterprise" });
    expect((await setPlan(dev, target.id, { memberPlan: "free", memberExpireAt: null })).status).toBe(200);
    expect(await status(target)).toEqual({ is_member: false, member_plan: "free", member_expire_at: null, tier: "free" });
    expect(await session(target)).toMatchObject({ isMember: false, memberPlan: "free" });
  });

  it("answers 404 for an unknown user", async () => {
    const dev = await devUser();
    expectError(await setPlan(dev, "no-such-user", { memberPlan: "starter" }), 404, "User not found");
  });

  it("rejects bad input with 400 or 415 and leaves the target's plan", async () => {
    const dev = await devUser();
    const target = await signUp("Steady Steve");
    await expectJsonBodyChecks(`/api/dev/users/${target.id}/membership`, "PUT", dev.token, { memberPlan: "enterprise" });
    const cases: [unknown, string | RegExp][] = [
      [{}, /memberPlan/],
      [{ memberPlan: "gold" }, "memberPlan must be one of free, starter, professional, enterprise"],
      [{ memberPlan: 3 }, "memberPlan must be one of free, starter, professional, enterprise"],
      [{ memberPlan: "enterprise", memberExpireAt: "next tuesday" }, "memberExpireAt must be an ISO date-time"],
      [{ memberPlan: "enterprise", memberExpireAt: 1_900_000_000_000 }, /memberExpireAt/],
      [{ memberPlan: "enterprise", memberExpireAt: "9".repeat(5000) }, "memberExpireAt must be an ISO date-time"],
    ];
    for (const [body, message] of cases) expectError(await setPlan(dev, target.id, body), 400, message);
    expectError(await setPlan(dev, "u".repeat(65), { memberPlan: "starter" }), 400, "Invalid id");
    expect(await status(target)).toEqual({ is_member: false, member_plan: "free", member_expire_at: null, tier: "free" });
  });
});
