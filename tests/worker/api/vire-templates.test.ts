import { describe, expect, it } from "vitest";
import { AGENT_TYPES } from "../../../contract";
import { call, countRows, expectError, expectJsonBodyChecks, expectSignedOutRefused, orgOf, setPlanInDb, signUp, type TestUser } from "../helpers";

const PATH = "/api/virtual-employee-templates";
const importTemplate = (u: TestUser, templateId: unknown) => call(PATH, { token: u.token, body: { templateId, userId: u.id, organizationId: null } });

describe("GET /api/virtual-employee-templates", () => {
  it("refuses without a session", async () => {
    await expectSignedOutRefused(PATH);
    await expectSignedOutRefused(PATH, "POST", { templateId: "eng-fullstack" });
  });

  it("lists groups of complete templates with unique ids", async () => {
    const u = await signUp("Browser");
    const r = await call(PATH, { token: u.token });
    expect(r.status).toBe(200);
    const groups = r.json.data;
    expect(groups.map((g: any) => g.name)).toEqual(["Engineering", "Product & Design", "Marketing", "Operations"]);
    const templates = groups.flatMap((g: any) => g.templates);
    expect(new Set(templates.map((t: any) => t.id)).size).toBe(templates.length);
    for (const g of groups) expect(g.templates.length).toBeGreaterThanOrEqual(3);
    for (const t of templates) {
      expect(t).toEqual({
        id: expect.any(String),
        name: expect.any(String),
        role: expect.any(String),
        description: expect.any(String),
        avatar_url: null,
        skills: expect.any(Array),
        agentType: expect.any(String),
        rolePrompt: expect.any(String),
      });
      expect(AGENT_TYPES).toContain(t.agentType);
      expect(t.skills.length).toBeGreaterThan(2);
      expect(t.rolePrompt.length).toBeGreaterThan(100);
    }
  });
});

describe("POST /api/virtual-employee-templates", () => {
  it("imports a template as my VIRE in my current organization", async () => {
    const u = await signUp("Importer");
    const template = (await call(PATH, { token: u.token })).json.data[0].templates[0];
    const r = await importTemplate(u, template.id);
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      name: template.name,
      role: template.role,
      description: template.description,
      skills: template.skills,
      rolePrompt: template.rolePrompt,
      agentType: template.agentType,
      ownerId: u.id,
      organizationId: await orgOf(u),
    });
    expect((await call("/api/virtual-employees", { token: u.token })).json.data.virtualEmployees).toHaveLength(1);
  });

  it("ignores a userId in the body: the import always goes to the signed-in user", async () => {
    const u = await signUp("Honest");
    const victim = await signUp("Victim");
    const r = await call(PATH, { token: u.token, body: { templateId: "mkt-content", userId: victim.id } });
    expect(r.json.data.ownerId).toBe(u.id);
    expect(await countRows("virtual_employee WHERE owner_id = ?", victim.id)).toBe(0);
  });

  it("answers 404 for an unknown template and 400 without one", async () => {
    const u = await signUp("Typo");
    expectError(await importTemplate(u, "no-such-template"), 404, "Template not found");
    expectError(await importTemplate(u, ""), 400, "Please choose a template");
    expectError(await call(PATH, { token: u.token, body: {} }), 400, "Please choose a template");
    await expectJsonBodyChecks(PATH, "POST", u.token, { templateId: "eng-fullstack" });
  });

  it("refuses a second import of the same template (names are unique)", async () => {
    const u = await signUp("Twice");
    await importTemplate(u, "eng-reviewer");
    expectError(await importTemplate(u, "eng-reviewer"), 409, 'A VIRE named "Code Reviewer" already exists');
  });

  it("respects the plan limit with the upgrade refusal, and lifts it on a paid plan", async () => {
    const u = await signUp("Limited Importer");
    expect((await importTemplate(u, "eng-fullstack")).status).toBe(200);
    expect((await importTemplate(u, "eng-reviewer")).status).toBe(200);
    const r = await importTemplate(u, "eng-devops");
    expect(r.status).toBe(403);
    expect(r.json).toEqual({
      code: 403,
      message: "VIRE limit reached: your Free plan supports up to 2 virtual employees.",
      data: { code: "PLAN_LIMIT", item: "virtualEmployees", limit: 2, tier: "free" },
    });
    await setPlanInDb(u.id, true, "starter");
    expect((await importTemplate(u, "eng-devops")).status).toBe(200);
  });
});
