import { describe, expect, it } from "vitest";
import { CUSTOM_ASSISTANT_BUILDING } from "../../../contract";
import { addVire, createGroup, openPrivate } from "../chat-helpers";
import { call, countRows, expectError, expectJsonBodyChecks, expectSignedOutRefused, orgOf, setPlanInDb, signUp, type TestUser } from "../helpers";

const create = (u: TestUser, body: Record<string, unknown>) => call("/api/virtual-employees", { token: u.token, body });
const put = (u: TestUser, id: string, body: Record<string, unknown>) => call(`/api/virtual-employees/${id}`, { token: u.token, method: "PUT", body });
const valid = { name: "Ada", role: "Engineer" };

async function createMany(u: TestUser, n: number, prefix = "Vire"): Promise<void> {
  for (let i = 0; i < n; i++) expect((await create(u, { name: `${prefix} ${i}`, role: "Helper" })).status).toBe(200);
}

describe("VIRE calls without a session", () => {
  it("are refused with 401", async () => {
    await expectSignedOutRefused("/api/virtual-employees");
    await expectSignedOutRefused("/api/virtual-employees/count");
    await expectSignedOutRefused("/api/virtual-employees/by-name?name=Ada");
    await expectSignedOutRefused("/api/virtual-employees/vire_x");
    await expectSignedOutRefused("/api/virtual-employees", "POST", valid);
    await expectSignedOutRefused("/api/virtual-employees/vire_x", "PUT", valid);
    await expectSignedOutRefused("/api/virtual-employees/vire_x", "DELETE");
    await expectSignedOutRefused("/api/virtual-employees/seed", "POST", {});
  });
});

describe("creating, reading and editing a VIRE", () => {
  it("creates a VIRE in my current organization and answers it everywhere", async () => {
    const u = await signUp("Vire Owner");
    const r = await create(u, {
      ...valid,
      description: "Builds things",
      skills: ["TypeScript", "SQL"],
      workflow: '{"steps":[]}',
      rolePrompt: "Be precise.",
      agentType: "coding_agent",
    });
    expect(r.status).toBe(200);
    const vire = r.json.data;
    expect(vire).toEqual({
      id: expect.stringMatching(/^vire_/),
      name: "Ada",
      role: "Engineer",
      description: "Builds things",
      avatarUrl: null,
      skills: ["TypeScript", "SQL"],
      workflow: '{"steps":[]}',
      memory: "{}",
      knowledge: "{}",
      rolePrompt: "Be precise.",
      agentType: "coding_agent",
      taskId: null,
      status: null,
      ownerId: u.id,
      organizationId: await orgOf(u),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await call(`/api/virtual-employees/${vire.id}`, { token: u.token })).json.data).toEqual(vire);
    expect((await call("/api/virtual-employees", { token: u.token })).json.data.virtualEmployees).toEqual([vire]);
    expect((await call("/api/virtual-employees/by-name?name=ada", { token: u.token })).json.data.id).toBe(vire.id);
    expect((await call("/api/virtual-employees/count", { token: u.token })).json.data).toEqual({ count: 1, limit: 2, tier: "free" });
    expect((await call("/api/usage", { token: u.token })).json.data.virtualEmployees).toEqual({ used: 1, limit: 2 });
  });

  it("updates every field with PUT", async () => {
    const u = await signUp("Editor");
    const id = (await create(u, valid)).json.data.id;
    const r = await put(u, id, { name: "Ada Lovelace", role: "Analyst", skills: ["Math"], memory: '{"a":1}', agentType: "data_analyst" });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ id, name: "Ada Lovelace", role: "Analyst", skills: ["Math"], memory: '{"a":1}', agentType: "data_analyst" });
  });

  it("answers the spec's validation texts", async () => {
    const u = await signUp("Validator");
    expectError(await create(u, { role: "Engineer" }), 400, "Please enter a VIRE name");
    expectError(await create(u, { name: "   ", role: "Engineer" }), 400, "Please enter a VIRE name");
    expectError(await create(u, { name: "Ada" }), 400, "Please enter a VIRE role");
    expectError(await create(u, { name: "Ada", role: "  " }), 400, "Please enter a VIRE role");
    for (const field of ["workflow", "memory", "knowledge"]) {
      expectError(await create(u, { ...valid, [field]: "{not json" }), 400, "Invalid JSON format");
    }
    expectError(await create(u, { ...valid, skills: ["SQL", "sql"] }), 400, "A skill cannot be added twice");
    expectError(await create(u, { ...valid, agentType: "wizard" }), 400, "Unknown agent type");
    await expectJsonBodyChecks("/api/virtual-employees", "POST", u.token, valid);
    const id = (await create(u, valid)).json.data.id;
    expectError(await put(u, id, { name: "Ada", role: "", workflow: "[" }), 400, "Please enter a VIRE role");
    expectError(await put(u, id, { ...valid, knowledge: "{" }), 400, "Invalid JSON format");
    expect(await countRows("virtual_employee WHERE owner_id = ?", u.id)).toBe(1);
  });

  it("refuses a second VIRE with the same name, in any letter case", async () => {
    const u = await signUp("Namer");
    await create(u, valid);
    const other = (await create(u, { name: "Bob", role: "Helper" })).json.data.id;
    expectError(await create(u, { name: "ADA", role: "Other" }), 409, 'A VIRE named "ADA" already exists');
    expectError(await put(u, other, { name: "ada", role: "Helper" }), 409);
    expect((await put(u, other, { name: "Bob", role: "Renamed role" })).status).toBe(200);
  });

  it("hides other users' VIREs: 404 for read, edit and delete, and never listed", async () => {
    const owner = await signUp("Owner");
    const stranger = await signUp("Stranger");
    const id = (await create(owner, valid)).json.data.id;
    expectError(await call(`/api/virtual-employees/${id}`, { token: stranger.token }), 404, "Virtual employee not found");
    expectError(await put(stranger, id, valid), 404, "Virtual employee not found");
    expectError(await call(`/api/virtual-employees/${id}`, { token: stranger.token, method: "DELETE" }), 404);
    expectError(await call("/api/virtual-employees/by-name?name=Ada", { token: stranger.token }), 404);
    expect((await call("/api/virtual-employees", { token: stranger.token })).json.data.virtualEmployees).toEqual([]);
    expect((await call(`/api/virtual-employees/${id}`, { token: owner.token })).json.data.name).toBe("Ada");
  });
});

describe("plan limits (free 2, personal 10, professional unlimited)", () => {
  it("refuses the third VIRE on the free plan with the upgrade data", async () => {
    const u = await signUp("Free Plan");
    await createMany(u, 2);
    const r = await create(u, { name: "Third", role: "Helper" });
    expect(r.status).toBe(403);
    expect(r.json).toEqual({
      code: 403,
      message: "VIRE limit reached: your Free plan supports up to 2 virtual employees.",
      data: { code: "PLAN_LIMIT", item: "virtualEmployees", limit: 2, tier: "free" },
    });
    expect(await countRows("virtual_employee WHERE owner_id = ?", u.id)).toBe(2);
  });

  it("allows ten on the personal plan and refuses the eleventh", async () => {
    const u = await signUp("Personal Plan");
    await setPlanInDb(u.id, true, "starter");
    await createMany(u, 10);
    const r = await create(u, { name: "Eleventh", role: "Helper" });
    expect(r.status).toBe(403);
    expect(r.json.message).toBe("VIRE limit reached: your Personal plan supports up to 10 virtual employees.");
    expect(r.json.data).toMatchObject({ limit: 10, tier: "starter" });
    expect((await call("/api/virtual-employees/count", { token: u.token })).json.data).toEqual({ count: 10, limit: 10, tier: "starter" });
  });

  it("has no limit on the professional plan", async () => {
    const u = await signUp("Pro Plan");
    await setPlanInDb(u.id, true, "professional");
    await createMany(u, 12);
    expect((await call("/api/virtual-employees/count", { token: u.token })).json.data).toEqual({ count: 12, limit: -1, tier: "professional" });
  });

  it("never lets concurrent creates pass the limit together", async () => {
    const u = await signUp("Racer");
    const results = await Promise.all([1, 2, 3, 4].map((i) => create(u, { name: `Racer ${i}`, role: "Helper" })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 403)).toHaveLength(2);
  });
});

describe("custom assistants", () => {
  it("get a server-made task id and the building status; other types clear both", async () => {
    const u = await signUp("Custom Builder");
    const r = await create(u, { ...valid, agentType: "custom", taskId: "client-chosen", status: "done" });
    const vire = r.json.data;
    expect(vire.taskId).toMatch(/^task_[a-f0-9]{32}$/);
    expect(vire.status).toBe(CUSTOM_ASSISTANT_BUILDING);
    const resaved = (await put(u, vire.id, { ...valid, agentType: "custom" })).json.data;
    expect(resaved.taskId).toMatch(/^task_/);
    expect(resaved.taskId).not.toBe(vire.taskId);
    const plain = (await put(u, vire.id, { ...valid, agentType: "chatter", taskId: "x", status: "y" })).json.data;
    expect(plain).toMatchObject({ taskId: null, status: null });
    const other = (await create(u, { name: "Plain", role: "Helper", taskId: "t", status: "s" })).json.data;
    expect(other).toMatchObject({ agentType: "chatter", taskId: null, status: null });
  });
});

describe("POST /api/virtual-employees/seed", () => {
  it("gives a user with no VIREs the default employees, once", async () => {
    const u = await signUp("Newcomer");
    const first = await call("/api/virtual-employees/seed", { token: u.token, method: "POST" });
    expect(first.status).toBe(200);
    expect(first.json.data.created.map((v: any) => [v.name, v.agentType])).toEqual([
      ["Assistant", "chatter"],
      ["Coding Agent", "coding_agent"],
    ]);
    expect(first.json.data.virtualEmployees).toHaveLength(2);
    const again = await call("/api/virtual-employees/seed", { token: u.token, method: "POST" });
    expect(again.json.data.created).toEqual([]);
    expect(again.json.data.virtualEmployees).toHaveLength(2);
  });

  it("leaves a user who already has a VIRE alone, and racing seeds create each default once", async () => {
    const has = await signUp("Has One");
    await create(has, valid);
    expect((await call("/api/virtual-employees/seed", { token: has.token, method: "POST" })).json.data.created).toEqual([]);
    const racer = await signUp("Seed Racer");
    await Promise.all([1, 2, 3].map(() => call("/api/virtual-employees/seed", { token: racer.token, method: "POST" })));
    expect(await countRows("virtual_employee WHERE owner_id = ?", racer.id)).toBe(2);
  });
});

describe("DELETE /api/virtual-employees/{id}", () => {
  it("deletes the VIRE and dissolves my private chat with it", async () => {
    const u = await signUp("Deleter");
    const id = (await create(u, valid)).json.data.id;
    const chatId = (await openPrivate(u, id, "virtual_employee")).json.data.chatId;
    const r = await call(`/api/virtual-employees/${id}`, { token: u.token, method: "DELETE" });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ id, deletedChatIds: [chatId] });
    expect(await countRows("virtual_employee WHERE id = ?", id)).toBe(0);
    expect(await countRows("chat WHERE id = ?", chatId)).toBe(0);
    expect(await countRows("chat_participant WHERE participant_id = ?", id)).toBe(0);
    expectError(await call(`/api/virtual-employees/${id}`, { token: u.token }), 404);
    expect((await call("/api/usage", { token: u.token })).json.data.virtualEmployees.used).toBe(0);
  });

  it("refuses while the VIRE works in a group, naming the group, and succeeds once it is removed", async () => {
    const u = await signUp("Group Owner");
    const vire = await addVire(u, "Grouped");
    const groupId = await createGroup(u, [], [vire], "Design Room");
    const r = await call(`/api/virtual-employees/${vire}`, { token: u.token, method: "DELETE" });
    expect(r.status).toBe(409);
    expect(r.json.message).toBe('Grouped works in the group chat "Design Room". Remove it from the group or dissolve the group before deleting it.');
    expect(r.json.data).toEqual({ code: "VIRE_IN_GROUP", chats: [{ id: groupId, name: "Design Room" }] });
    expect(await countRows("virtual_employee WHERE id = ?", vire)).toBe(1);

    const removed = await call(`/api/group-chats/${groupId}/participants`, {
      token: u.token,
      method: "DELETE",
      body: { participantIds: [vire], participantType: "virtual_employee" },
    });
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
    expect((await call(`/api/virtual-employees/${vire}`, { token: u.token, method: "DELETE" })).status).toBe(200);
    expect(await countRows("chat WHERE id = ?", groupId)).toBe(1);
  });
});
