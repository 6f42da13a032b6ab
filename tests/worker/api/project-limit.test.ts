import { describe, expect, it } from "vitest";
import { PLAN_CATALOGUE, projectLimitText } from "../../../contract";
import { call, countRows, setPlanInDb, signUp, type CallResult } from "../helpers";
import { addCodingAgent, createProjectCall, fixtureRepoUrl, newProject } from "../project-helpers";

const FREE_LIMIT = PLAN_CATALOGUE.free.limits.projects;

function expectLimitRefusal(r: CallResult, tier: "free" | "starter" = "free"): void {
  const limit = PLAN_CATALOGUE[tier].limits.projects;
  expect(r.status, JSON.stringify(r.json)).toBe(403);
  expect(r.json).toEqual({
    code: 403,
    message: projectLimitText(PLAN_CATALOGUE[tier].displayName.en, limit),
    data: { code: "PLAN_LIMIT", item: "projects", limit, tier },
  });
}

const projectsOf = (userId: string) => countRows("coding_project WHERE owner_id = ?", userId);
const chatsOf = (userId: string) => countRows("chat WHERE owner_id = ?", userId);

describe("the plan's project limit on POST /api/coding-projects", () => {
  it("a free user gets one project; the next is refused with the plan's text, leaving no row or chat", async () => {
    expect(FREE_LIMIT).toBe(1);
    const user = await signUp("Fran Free");
    await addCodingAgent(user);
    await newProject(user, "Only One");
    const chatsBefore = await chatsOf(user.id);
    const r = await createProjectCall(user, { name: "One Too Many" });
    expectLimitRefusal(r);
    expect(r.json.message).toBe("Project limit reached: your Free plan supports up to 1 project.");
    expect(await projectsOf(user.id)).toBe(1);
    expect(await chatsOf(user.id)).toBe(chatsBefore);
  });

  it("an import counts the same, and is refused before anything is cloned", async () => {
    const user = await signUp("Ivo Import");
    await addCodingAgent(user);
    await newProject(user, "Made Here");
    expectLimitRefusal(await createProjectCall(user, { httpRepoUrl: fixtureRepoUrl(), isImported: 1, branch: "main" }));
    expect(await projectsOf(user.id)).toBe(1);
  });

  it("another user's projects do not count against mine", async () => {
    const other = await signUp("Olly Other");
    await addCodingAgent(other);
    await newProject(other, "Theirs");
    const me = await signUp("Mina Mine");
    await addCodingAgent(me);
    const r = await createProjectCall(me, { name: "Mine" });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  });

  it("a paid plan lifts the limit to its own; deleting a project frees its place", async () => {
    const user = await signUp("Pia Paid");
    await addCodingAgent(user);
    const { projectId } = await newProject(user, "First");
    expectLimitRefusal(await createProjectCall(user, { name: "Second" }));
    await setPlanInDb(user.id, true, "starter");
    expect((await createProjectCall(user, { name: "Second" })).status).toBe(200);
    await setPlanInDb(user.id, false, "free");
    expect((await call(`/api/coding-projects/${projectId}`, { method: "DELETE", token: user.token })).status).toBe(200);
    expectLimitRefusal(await createProjectCall(user, { name: "Third" }));
    expect(await projectsOf(user.id)).toBe(1);
  });

  it("two creates at once cannot both take the last place", async () => {
    const user = await signUp("Rita Racer");
    await addCodingAgent(user);
    const results = await Promise.all([createProjectCall(user, { name: "Left" }), createProjectCall(user, { name: "Right" })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(await projectsOf(user.id)).toBe(1);
  });
});
