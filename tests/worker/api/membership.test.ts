import { describe, expect, it } from "vitest";
import { call, expectSignedOutRefused, session, setPlanInDb, signUp } from "../helpers";

const DAY = 24 * 60 * 60 * 1000;
const status = async (u: { token: string }) => (await call("/api/membership/status", { token: u.token })).json.data;

describe("GET /api/membership/plans", () => {
  it("is public and lists the four tiers in order with names, quotas, limits and VM products", async () => {
    const r = await call("/api/membership/plans");
    expect(r.status).toBe(200);
    const plans = r.json.data.plans;
    expect(plans.map((p: any) => [p.tier, p.displayName.en, p.monthlyQuota])).toEqual([
      ["free", "Free", 100],
      ["starter", "Personal", 1000],
      ["professional", "Professional", 5000],
      ["enterprise", "Enterprise", -1],
    ]);
    // The upgrade dialog's text: free 2 VIREs, personal 10, professional unlimited.
    expect(plans.map((p: any) => p.limits.virtualEmployees)).toEqual([2, 10, -1, -1]);
    for (const p of plans) {
      expect(p.displayName.zh).toEqual(expect.any(String));
      expect(p.displayName.zh).not.toBe(p.displayName.en);
      expect(p.vmTiers.length).toBeGreaterThan(0);
      for (const vm of p.vmTiers) {
        expect(vm.monthlyProductId).toBe(`${p.tier}_${vm.spec}_month`);
        expect(vm.yearlyProductId).toBe(`${p.tier}_${vm.spec}_year`);
      }
    }
  });

  it("answers the same catalogue to a signed-in user", async () => {
    const u = await signUp("Plan Reader");
    const anonymous = (await call("/api/membership/plans")).json;
    expect((await call("/api/membership/plans", { token: u.token })).json).toEqual(anonymous);
  });
});

describe("GET /api/membership/status", () => {
  it("refuses without a session", async () => {
    await expectSignedOutRefused("/api/membership/status");
  });

  it("a new user is on the free plan", async () => {
    const u = await signUp("Fresh Free");
    expect(await status(u)).toEqual({ is_member: false, member_plan: "free", member_expire_at: null, tier: "free" });
  });

  it("a paid plan without expiry is the effective tier", async () => {
    const u = await signUp("Paid Forever");
    await setPlanInDb(u.id, true, "professional");
    expect(await status(u)).toEqual({ is_member: true, member_plan: "professional", member_expire_at: null, tier: "professional" });
    expect(await session(u)).toMatchObject({ isMember: true, memberPlan: "professional" });
  });

  it("a paid plan that has not expired yet counts and reports its expiry", async () => {
    const u = await signUp("Paid Until");
    const until = new Date(Date.now() + 30 * DAY);
    await setPlanInDb(u.id, true, "starter", until);
    expect(await status(u)).toEqual({ is_member: true, member_plan: "starter", member_expire_at: until.toISOString(), tier: "starter" });
  });

  it("an expired plan falls back to free, and the session no longer says member", async () => {
    const u = await signUp("Lapsed Member");
    const expired = new Date(Date.now() - DAY);
    await setPlanInDb(u.id, true, "enterprise", expired);
    const s = await status(u);
    expect(s.tier).toBe("free");
    expect(s.member_expire_at).toBe(expired.toISOString());
    expect((await session(u)).isMember).toBe(false);
  });

  it("without is_member a stored plan gives nothing", async () => {
    const u = await signUp("Not A Member");
    await setPlanInDb(u.id, false, "enterprise");
    expect((await status(u)).tier).toBe("free");
    expect((await session(u)).isMember).toBe(false);
  });

  it("older plan names map to their tiers; an unknown plan is free", async () => {
    const u = await signUp("Legacy Plans");
    for (const [plan, tier] of [
      ["personal", "starter"],
      ["pro", "professional"],
      ["Professional", "professional"],
      ["gold", "free"],
    ]) {
      await setPlanInDb(u.id, true, plan!);
      expect(await status(u), plan).toMatchObject({ member_plan: plan, tier });
    }
  });

  it("one user's plan never shows for another", async () => {
    const rich = await signUp("Rich Rita");
    const poor = await signUp("Plain Paul");
    await setPlanInDb(rich.id, true, "enterprise");
    expect((await status(rich)).tier).toBe("enterprise");
    expect((await status(poor)).tier).toBe("free");
  });
});
