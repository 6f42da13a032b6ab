import { describe, expect, it } from "vitest";
import { ONBOARDING_NOT_NEEDED, PURPOSE_IDS } from "../../../contract";
import { call, countRows, expectError, expectJsonBodyChecks, expectSignedOutRefused, setPlanInDb, signUp, type TestUser } from "../helpers";

const PATH = "/api/onboarding";
const state = (u: TestUser) => call(PATH, { token: u.token });
const onboard = (u: TestUser, purposeId: unknown) => call(PATH, { token: u.token, body: { purposeId } });
const viresOf = (u: TestUser) => countRows("virtual_employee WHERE owner_id = ?", u.id);
const groupsOf = (u: TestUser) => countRows("chat WHERE owner_id = ? AND kind IN ('single_group', 'human_group')", u.id);

describe("/api/onboarding", () => {
  it("refuses without a session", async () => {
    await expectSignedOutRefused(PATH);
    await expectSignedOutRefused(PATH, "POST", { purposeId: "writing" });
    await expectSignedOutRefused(`${PATH}/welcome`, "POST", { locale: "en" });
  });

  it("offers the seven purposes to a new user", async () => {
    const u = await signUp("Newcomer");
    const r = await state(u);
    expect(r.status).toBe(200);
    expect(r.json.data.needsOnboarding).toBe(true);
    expect(r.json.data.purposes.map((p: any) => p.id)).toEqual([...PURPOSE_IDS]);
    for (const p of r.json.data.purposes) expect(p).toEqual({ id: p.id, icon: p.id, title: expect.any(String), description: expect.any(String) });
  });

  it("sets up the purpose's team within the free plan, and never twice", async () => {
    const u = await signUp("Writer");
    const r = await onboard(u, "develop");
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const result = r.json.data;
    expect(result.purposeId).toBe("develop");
    expect(result.purposeTitle).toBe("Development");
    // Free plan: 2 virtual employees, each in its own group (a group holds one VIRE).
    expect(result.results.virtualEmployeesCreated.map((v: any) => v.name)).toEqual(["Full-Stack Developer", "Code Reviewer"]);
    expect(result.results.groupChatsCreated).toHaveLength(2);
    expect(result.limitedBy).toEqual(["virtualEmployees"]);
    expect(await viresOf(u)).toBe(2);
    expect(await groupsOf(u)).toBe(2);

    // The groups are real: they are in the user's chat list with their VIRE.
    const list = await call("/api/group-chats", { token: u.token });
    const ids = list.json.data.chats.map((c: any) => c.id);
    for (const g of result.results.groupChatsCreated) expect(ids).toContain(g.id);

    expect((await state(u)).json.data.needsOnboarding).toBe(false);
    const again = await onboard(u, "marketing");
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual(result);
    expect(await viresOf(u)).toBe(2);
    expect(await groupsOf(u)).toBe(2);
  });

  it("gives a paid plan the purpose's whole team", async () => {
    const u = await signUp("Marketer");
    await setPlanInDb(u.id, true, "professional", new Date(Date.now() + 86_400_000));
    const r = await onboard(u, "marketing");
    expect(r.status).toBe(200);
    expect(r.json.data.results.virtualEmployeesCreated).toHaveLength(3);
    expect(r.json.data.results.groupChatsCreated).toHaveLength(3);
    expect(r.json.data.limitedBy).toEqual([]);
  });

  it("answers both of two simultaneous requests with one team", async () => {
    const u = await signUp("Double Clicker");
    const [a, b] = await Promise.all([onboard(u, "design"), onboard(u, "design")]);
    const okOnes = [a, b].filter((r) => r.status === 200);
    expect(okOnes.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) if (r.status !== 200) expectError(r, 409, "Setup is already in progress, please wait");
    expect(await viresOf(u)).toBe(2);
    expect(await groupsOf(u)).toBe(2);
  });

  it("refuses an unknown purpose and bad bodies, creating nothing", async () => {
    const u = await signUp("Typo");
    for (const purposeId of ["cooking", "", 3, null]) expectError(await onboard(u, purposeId), 400, "Please choose what you want to use the product for");
    expectError(await call(PATH, { token: u.token, body: {} }), 400);
    await expectJsonBodyChecks(PATH, "POST", u.token, { purposeId: "writing" });
    expect(await viresOf(u)).toBe(0);
    expect((await state(u)).json.data.needsOnboarding).toBe(true);
  });

  it("is not offered to a user who already has virtual employees", async () => {
    const u = await signUp("Veteran");
    const made = await call("/api/virtual-employees", { token: u.token, body: { name: "Mine", role: "Helper" } });
    expect(made.status).toBe(200);
    expect((await state(u)).json.data.needsOnboarding).toBe(false);
    expectError(await onboard(u, "writing"), 409, ONBOARDING_NOT_NEEDED);
    expect(await viresOf(u)).toBe(1);
  });

  it("keeps each user's onboarding to themselves", async () => {
    const a = await signUp("First");
    const b = await signUp("Second");
    expect((await onboard(a, "writing")).status).toBe(200);
    expect((await state(b)).json.data.needsOnboarding).toBe(true);
    expect(await viresOf(b)).toBe(0);
  });
});

describe("POST /api/onboarding/skip", () => {
  it("refuses without a session", async () => {
    await expectSignedOutRefused(`${PATH}/skip`, "POST", {});
  });

  it("stops offering the modal and creates nothing", async () => {
    const u = await signUp("Skipper");
    const r = await call(`${PATH}/skip`, { token: u.token, body: {} });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ needsOnboarding: false });
    expect((await state(u)).json.data.needsOnboarding).toBe(false);
    expectError(await onboard(u, "writing"), 409, ONBOARDING_NOT_NEEDED);
    expect(await viresOf(u)).toBe(0);
  });

  it("leaves a finished onboarding's result as it was", async () => {
    const u = await signUp("Finisher");
    const first = await onboard(u, "slides");
    await call(`${PATH}/skip`, { token: u.token, body: {} });
    expect((await onboard(u, "slides")).json.data).toEqual(first.json.data);
  });
});
