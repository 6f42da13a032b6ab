import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createGroup, team } from "../chat-helpers";
import { call, currentMonth, expectSignedOutRefused, setPlanInDb, signUp } from "../helpers";
import { addCodingAgent, newProject } from "../project-helpers";

const usage = async (u: { token: string }) => {
  const r = await call("/api/usage", { token: u.token });
  expect(r.status).toBe(200);
  return r.json.data;
};

const recordRequests = (userId: string, month: string, n: number) =>
  env.DB.prepare("INSERT INTO usage_monthly (user_id, month, agent_requests) VALUES (?, ?, ?)").bind(userId, month, n).run();

function previousMonth(): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 7);
}

describe("GET /api/usage", () => {
  it("refuses without a session", async () => {
    await expectSignedOutRefused("/api/usage");
  });

  it("a new user has used nothing this month, against the free plan's limits", async () => {
    const u = await signUp("Usage Newbie");
    expect(await usage(u)).toEqual({
      tier: "free",
      month: currentMonth(),
      agentRequests: { used: 0, limit: 100 },
      virtualEmployees: { used: 0, limit: 2 },
      groupChats: { used: 0, limit: 3 },
      projects: { used: 0, limit: 1 },
    });
  });

  it("counts the agent requests recorded for this month (UTC)", async () => {
    const u = await signUp("Busy Bee");
    await recordRequests(u.id, currentMonth(), 37);
    expect((await usage(u)).agentRequests).toEqual({ used: 37, limit: 100 });
  });

  it("ignores earlier months", async () => {
    const u = await signUp("Last Month");
    await recordRequests(u.id, previousMonth(), 99);
    expect((await usage(u)).agentRequests.used).toBe(0);
  });

  it("never shows another user's requests", async () => {
    const heavy = await signUp("Heavy User");
    const light = await signUp("Light User");
    await recordRequests(heavy.id, currentMonth(), 80);
    expect((await usage(heavy)).agentRequests.used).toBe(80);
    expect((await usage(light)).agentRequests.used).toBe(0);
  });

  it("limits follow the effective plan from the catalogue", async () => {
    const u = await signUp("Plan Follower");
    const plans = (await call("/api/membership/plans")).json.data.plans as any[];
    for (const tier of ["starter", "professional", "enterprise"]) {
      await setPlanInDb(u.id, true, tier);
      const plan = plans.find((p) => p.tier === tier);
      const data = await usage(u);
      expect(data.tier).toBe(tier);
      expect(data.agentRequests.limit).toBe(plan.monthlyQuota);
      expect(data.virtualEmployees.limit).toBe(plan.limits.virtualEmployees);
      expect(data.groupChats.limit).toBe(plan.limits.groupChats);
      expect(data.projects.limit).toBe(plan.limits.projects);
    }
    expect((await usage(u)).agentRequests.limit).toBe(-1);
  });

  it("an expired plan's limits fall back to free", async () => {
    const u = await signUp("Expired Limits");
    await setPlanInDb(u.id, true, "professional", new Date(Date.now() - 1000));
    const data = await usage(u);
    expect(data.tier).toBe("free");
    expect(data.agentRequests.limit).toBe(100);
    expect(data.virtualEmployees.limit).toBe(2);
  });

  it("counts the groups I own and the projects I own, not those of others", async () => {
    const { admin, members } = await team("Max Member");
    const [max] = members;
    await setPlanInDb(admin.id, true, "starter");
    await addCodingAgent(admin);
    await createGroup(admin, [max!], [], "One");
    await createGroup(admin, [max!], [], "Two");
    await newProject(admin, "First");
    await newProject(admin, "Second");
    const mine = await usage(admin);
    expect(mine.groupChats).toEqual({ used: 2, limit: 20 });
    expect(mine.projects).toEqual({ used: 2, limit: 10 });
    // Max is in both groups but owns none of them.
    const theirs = await usage(max!);
    expect(theirs.groupChats).toEqual({ used: 0, limit: 3 });
    expect(theirs.projects).toEqual({ used: 0, limit: 1 });
  });

  it("a dissolved group and a deleted project stop counting", async () => {
    const { admin, members } = await team("Mo Member");
    await addCodingAgent(admin);
    const groupId = await createGroup(admin, members, [], "Short");
    const { projectId } = await newProject(admin, "Brief");
    expect((await usage(admin)).groupChats.used).toBe(1);
    expect((await usage(admin)).projects.used).toBe(1);
    expect((await call(`/api/group-chats/${groupId}`, { method: "DELETE", token: admin.token })).status).toBe(200);
    expect((await call(`/api/coding-projects/${projectId}`, { method: "DELETE", token: admin.token })).status).toBe(200);
    const after = await usage(admin);
    expect(after.groupChats.used).toBe(0);
    expect(after.projects.used).toBe(0);
  });
});
