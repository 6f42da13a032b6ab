import { describe, expect, it } from "vitest";
import { call, expectError, expectJsonBodyChecks, expectSignedOutRefused, orgOf, session, signUp, teamOfTwo } from "../helpers";

const currentOrg = async (token: string) => (await call("/api/user/current-organization", { token })).json.data.organizationId;

describe("/api/user without a session", () => {
  it("refuses every call with the 401 envelope", async () => {
    for (const path of ["/api/user/all-organizations", "/api/user/current-organization", "/api/user/organization-id", "/api/user/organizations-with-members"]) {
      await expectSignedOutRefused(path);
    }
    await expectSignedOutRefused("/api/user/update-organization", "POST", { organizationId: "org_x" });
  });
});

describe("GET /api/user/all-organizations", () => {
  it("lists a new user's own organization, tagged own, with them as admin", async () => {
    const u = await signUp("Olga Own");
    const r = await call("/api/user/all-organizations", { token: u.token });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      success: true,
      error: null,
      organizations: [
        {
          id: await orgOf(u),
          name: "olga-own",
          displayName: "Olga Own's Organization",
          organizationType: "own",
          orgType: "own",
          type_category: "personal",
          memberCount: 1,
          userType: "admin",
        },
      ],
    });
  });

  it("lists joined organizations as work, own first, and never the organizations of strangers", async () => {
    const { admin, member, orgId } = await teamOfTwo("Zed Admin", "Amy Member");
    const stranger = await signUp("Stranger Danger");
    const r = await call("/api/user/all-organizations", { token: member.token });
    const orgs = r.json.data.organizations;
    expect(orgs.map((o: any) => [o.displayName, o.organizationType, o.userType, o.memberCount])).toEqual([
      ["Amy Member's Organization", "own", "admin", 1],
      ["Zed Admin's Organization", "work", "member", 2],
    ]);
    expect(orgs.map((o: any) => o.id)).not.toContain(await orgOf(stranger));
    // The admin's view of the same organization: own, two members.
    const mine = (await call("/api/user/all-organizations", { token: admin.token })).json.data.organizations;
    expect(mine).toEqual([expect.objectContaining({ id: orgId, organizationType: "own", memberCount: 2, userType: "admin" })]);
  });
});

describe("current organization", () => {
  it("starts as the user's own organization in every place that reports it", async () => {
    const u = await signUp("Cora Current");
    const own = await orgOf(u);
    expect(await currentOrg(u.token)).toBe(own);
    expect((await call("/api/user/organization-id", { token: u.token })).json.data).toEqual({ organizationId: own });
  });

  it("switching saves the choice on the server: session, current-organization and organization-id follow", async () => {
    const { member, orgId } = await teamOfTwo("Sam Switch Admin", "Sue Switcher");
    const own = (await call("/api/user/all-organizations", { token: member.token })).json.data.organizations.find((o: any) => o.organizationType === "own").id;
    const back = await call("/api/user/update-organization", { token: member.token, body: { organizationId: own } });
    expect(back.status).toBe(200);
    expect(back.json.data).toEqual({ organizationId: own });
    expect(await currentOrg(member.token)).toBe(own);
    expect((await session(member)).isOrgAdmin).toBe(true);

    expect((await call("/api/user/update-organization", { token: member.token, body: { organizationId: orgId } })).status).toBe(200);
    // Read through the cookie, i.e. as another tab of the same browser would.
    expect((await call("/api/user/organization-id", { cookie: member.cookie })).json.data.organizationId).toBe(orgId);
    expect(await currentOrg(member.token)).toBe(orgId);
    const s = await session(member);
    expect(s).toMatchObject({ organizationId: orgId, isOrgAdmin: false, organizationDisplayName: "Sam Switch Admin's Organization" });
  });

  it("refuses an unknown organization and another's organization with 404, leaving the current one", async () => {
    const u = await signUp("Nosy Parker");
    const other = await signUp("Private Person");
    const own = await orgOf(u);
    for (const organizationId of ["org_doesnotexist", await orgOf(other), "x"]) {
      const r = await call("/api/user/update-organization", { token: u.token, body: { organizationId } });
      expectError(r, 404, "Organization not found");
    }
    expect(await currentOrg(u.token)).toBe(own);
    expect((await session(u)).organizationId).toBe(own);
  });

  it("rejects bad input with 400 or 415 and leaves the current organization", async () => {
    const u = await signUp("Bad Body");
    const own = await orgOf(u);
    await expectJsonBodyChecks("/api/user/update-organization", "POST", u.token, { organizationId: own });
    const cases: [unknown, string | RegExp][] = [
      [{}, /^organizationId: /],
      [{ organizationId: 12 }, "organizationId: Invalid type: Expected string but received 12"],
      [{ organizationId: "" }, /Invalid id/],
      [{ organizationId: "o".repeat(65) }, /Invalid id/],
      [{ organizationId: null }, /^organizationId: /],
    ];
    for (const [body, message] of cases) expectError(await call("/api/user/update-organization", { token: u.token, body }), 400, message);
    const huge = await call("/api/user/update-organization", { token: u.token, body: { organizationId: own, padding: "x".repeat(70_000) } });
    expectError(huge, 413, "Request body is too large");
    expect(await currentOrg(u.token)).toBe(own);
  });

  it("caps the body in bytes: 30,000 three-byte characters (90,000 bytes) are too large", async () => {
    const u = await signUp("Byte Counter");
    const own = await orgOf(u);
    const padding = "\u4e2d".repeat(30_000);
    const body = JSON.stringify({ organizationId: own, padding });
    // Under the 64 KiB cap counted in characters, over it counted in bytes.
    expect(body.length).toBeLessThan(64 * 1024);
    expect(new TextEncoder().encode(body).byteLength).toBeGreaterThan(64 * 1024);
    expectError(await call("/api/user/update-organization", { token: u.token, body: { organizationId: own, padding } }), 413, "Request body is too large");
    // The same text within the cap in bytes is read, so the cap is what refused it.
    const fits = await call("/api/user/update-organization", { token: u.token, body: { organizationId: own, padding: "\u4e2d".repeat(20_000) } });
    expect(fits.status).toBe(200);
  });
});

describe("GET /api/user/organizations-with-members", () => {
  it("lists every organization of the user with its members and their roles", async () => {
    const { admin, member, orgId } = await teamOfTwo("Mia Members", "Ned Newbie");
    const r = await call("/api/user/organizations-with-members", { token: member.token });
    expect(r.status).toBe(200);
    expect(r.json.data.success).toBe(true);
    const team = r.json.data.organizations.find((o: any) => o.id === orgId);
    expect(team.members).toEqual([
      { userId: admin.id, name: "Mia Members", email: admin.email, image: null, userType: "admin" },
      { userId: member.id, name: "Ned Newbie", email: member.email, image: null, userType: "member" },
    ]);
    expect(r.json.data.organizations).toHaveLength(2);
  });

  it("with ?organizationId= lists that organization's members", async () => {
    const { admin, member, orgId } = await teamOfTwo("Ola One", "Pia Two");
    const r = await call(`/api/user/organizations-with-members?organizationId=${orgId}`, { token: admin.token });
    expect(r.json.data).toEqual({
      success: true,
      organizationId: orgId,
      members: [expect.objectContaining({ userId: admin.id, userType: "admin" }), expect.objectContaining({ userId: member.id, userType: "member" })],
    });
  });

  it("does not reveal the members of an organization the user is not in", async () => {
    const { orgId } = await teamOfTwo("Secret Keeper", "Secret Member");
    const outsider = await signUp("Outsider Olly");
    for (const id of [orgId, "org_unknown"]) {
      expectError(await call(`/api/user/organizations-with-members?organizationId=${id}`, { token: outsider.token }), 404, "Organization not found");
    }
    const all = (await call("/api/user/organizations-with-members", { token: outsider.token })).json.data.organizations;
    expect(all.map((o: any) => o.id)).toEqual([await orgOf(outsider)]);
  });

  it("rejects an empty or over-long organizationId with 400", async () => {
    const u = await signUp("Query Tester");
    for (const id of ["", "o".repeat(65)]) {
      expectError(await call(`/api/user/organizations-with-members?organizationId=${id}`, { token: u.token }), 400, /Invalid id/);
    }
  });
});
