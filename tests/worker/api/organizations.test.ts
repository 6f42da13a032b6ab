import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, countRows, expectError, expectJsonBodyChecks, expectSignedOutRefused, inviteCodeOf, orgOf, session, signUp, teamOfTwo } from "../helpers";
import { openSocket } from "../socket-helpers";

const NOT_ADMIN = "Only organization administrators can do this";
const NOT_FOUND = "Organization not found";
const memberRows = (orgId: string) => countRows("organization_member WHERE org_id = ?", orgId);
const roleOf = async (orgId: string, userId: string) =>
  (await env.DB.prepare("SELECT role FROM organization_member WHERE org_id = ? AND user_id = ?").bind(orgId, userId).first<{ role: string }>())?.role ?? null;
const setRole = (as: { token: string }, orgId: string, userId: string, userType: unknown) =>
  call(`/api/organizations/${orgId}/members/${userId}`, { method: "PUT", token: as.token, body: { userType } });

describe("organization calls without a session", () => {
  it("are refused with the 401 envelope", async () => {
    await expectSignedOutRefused("/api/organizations/join", "POST", { inviteCode: "ABCDEFGHJK" });
    await expectSignedOutRefused("/api/organizations/org_x/invite");
    await expectSignedOutRefused("/api/organizations/org_x/invite/reset", "POST");
    await expectSignedOutRefused("/api/organizations/org_x/members/u_x", "PUT", { userType: "admin" });
    await expectSignedOutRefused("/api/organization/info");
    await expectSignedOutRefused("/api/organization/users");
    await expectSignedOutRefused("/api/organization/org_x/details");
  });
});

describe("POST /api/organizations/join", () => {
  it("joins by invite code (case and spaces forgiven) and makes the organization current", async () => {
    const admin = await signUp("Joan Host");
    const guest = await signUp("Gus Guest");
    const orgId = await orgOf(admin);
    const code = await inviteCodeOf(admin, orgId);
    const r = await call("/api/organizations/join", { token: guest.token, body: { inviteCode: `  ${code.toLowerCase()} ` } });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ organizationId: orgId, displayName: "Joan Host's Organization", alreadyMember: false });
    expect(await session(guest)).toMatchObject({ organizationId: orgId, isOrgAdmin: false });
    const members = (await call("/api/organization/users", { token: admin.token })).json.data.users;
    expect(members.map((m: any) => [m.name, m.isOrgAdmin])).toEqual([
      ["Joan Host", true],
      ["Gus Guest", false],
    ]);
  });

  it("joining again, or one's own organization, reports alreadyMember and adds nobody", async () => {
    const { admin, member, orgId } = await teamOfTwo("Rita Repeat", "Ron Repeat");
    const code = await inviteCodeOf(admin, orgId);
    const again = await call("/api/organizations/join", { token: member.token, body: { inviteCode: code } });
    expect(again.json.data.alreadyMember).toBe(true);
    const self = await call("/api/organizations/join", { token: admin.token, body: { inviteCode: code } });
    expect(self.json.data).toMatchObject({ organizationId: orgId, alreadyMember: true });
    expect(await memberRows(orgId)).toBe(2);
    expect(await roleOf(orgId, admin.id)).toBe("admin");
  });

  it("refuses an unknown code with 404 and changes nothing", async () => {
    const u = await signUp("Wrong Code");
    const own = await orgOf(u);
    expectError(await call("/api/organizations/join", { token: u.token, body: { inviteCode: "ZZZZZZZZZZ" } }), 404, "Invalid invite code");
    expect((await session(u)).organizationId).toBe(own);
    expect(await countRows("organization_member WHERE user_id = ?", u.id)).toBe(1);
  });

  it("rejects bad input with 400 or 415", async () => {
    const u = await signUp("Bad Joiner");
    await expectJsonBodyChecks("/api/organizations/join", "POST", u.token, { inviteCode: "ABCDEFGHJK" });
    const cases: [unknown, string | RegExp][] = [
      [{}, /^inviteCode: /],
      [{ inviteCode: 1234567890 }, "inviteCode: Invalid type: Expected string but received 1234567890"],
      [{ inviteCode: "" }, "Please enter an invite code"],
      [{ inviteCode: "    " }, "Please enter an invite code"],
      [{ inviteCode: "A".repeat(65) }, "Invalid invite code"],
    ];
    for (const [body, message] of cases) expectError(await call("/api/organizations/join", { token: u.token, body }), 400, message);
    expect(await countRows("organization_member WHERE user_id = ?", u.id)).toBe(1);
  });
});

describe("invite codes", () => {
  it("an admin reads the code and its join link", async () => {
    const admin = await signUp("Ivy Inviter");
    const orgId = await orgOf(admin);
    const r = await call(`/api/organizations/${orgId}/invite`, { token: admin.token });
    expect(r.status).toBe(200);
    expect(r.json.data.organizationId).toBe(orgId);
    expect(r.json.data.inviteCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
    expect(r.json.data.invitePath).toBe(`/join/${r.json.data.inviteCode}`);
  });

  it("a member gets 403, an outsider 404, for reading and for resetting, and the code stays", async () => {
    const { admin, member, orgId } = await teamOfTwo("Kim Keeper", "Max Member");
    const outsider = await signUp("Otto Outside");
    const code = await inviteCodeOf(admin, orgId);
    expectError(await call(`/api/organizations/${orgId}/invite`, { token: member.token }), 403, NOT_ADMIN);
    expectError(await call(`/api/organizations/${orgId}/invite/reset`, { method: "POST", token: member.token }), 403, NOT_ADMIN);
    for (const id of [orgId, "org_nosuchthing"]) {
      expectError(await call(`/api/organizations/${id}/invite`, { token: outsider.token }), 404, NOT_FOUND);
      expectError(await call(`/api/organizations/${id}/invite/reset`, { method: "POST", token: outsider.token }), 404, NOT_FOUND);
    }
    expectError(await call(`/api/organizations/${"o".repeat(65)}/invite`, { token: admin.token }), 400, "Invalid id");
    expect(await inviteCodeOf(admin, orgId)).toBe(code);
  });

  it("resetting gives a new code; the old one stops working", async () => {
    const admin = await signUp("Reset Rhea");
    const late = await signUp("Late Larry");
    const orgId = await orgOf(admin);
    const old = await inviteCodeOf(admin, orgId);
    const r = await call(`/api/organizations/${orgId}/invite/reset`, { method: "POST", token: admin.token });
    expect(r.status).toBe(200);
    expect(r.json.data.inviteCode).not.toBe(old);
    expect(await inviteCodeOf(admin, orgId)).toBe(r.json.data.inviteCode);
    expectError(await call("/api/organizations/join", { token: late.token, body: { inviteCode: old } }), 404, "Invalid invite code");
    expect((await call("/api/organizations/join", { token: late.token, body: { inviteCode: r.json.data.inviteCode } })).status).toBe(200);
  });
});

describe("PUT /api/organizations/{orgId}/members/{userId}", () => {
  it("an admin promotes a member, who then sees admin rights; demoting takes them away", async () => {
    const { admin, member, orgId } = await teamOfTwo("Pam Promoter", "Pete Promoted");
    const up = await setRole(admin, orgId, member.id, "admin");
    expect(up.status).toBe(200);
    expect(up.json.data).toEqual({ organizationId: orgId, userId: member.id, userType: "admin" });
    expect((await session(member)).isOrgAdmin).toBe(true);
    expect((await call(`/api/organizations/${orgId}/invite`, { token: member.token })).status).toBe(200);

    expect((await setRole(admin, orgId, member.id, "member")).status).toBe(200);
    expect((await session(member)).isOrgAdmin).toBe(false);
    expectError(await call(`/api/organizations/${orgId}/invite`, { token: member.token }), 403, NOT_ADMIN);
  });

  it("the owner always stays an administrator", async () => {
    const { admin, member, orgId } = await teamOfTwo("Owen Owner", "Cara CoAdmin");
    await setRole(admin, orgId, member.id, "admin");
    expectError(await setRole(member, orgId, admin.id, "member"), 403, "The organization owner is always an administrator");
    expectError(await setRole(admin, orgId, admin.id, "member"), 403, "The organization owner is always an administrator");
    expect(await roleOf(orgId, admin.id)).toBe("admin");
  });

  it("a member gets 403 and an outsider 404; roles stay as they were", async () => {
    const { admin, member, orgId } = await teamOfTwo("Ada Admin", "Mo Member");
    const outsider = await signUp("Xena Outsider");
    expectError(await setRole(member, orgId, member.id, "admin"), 403, NOT_ADMIN);
    expectError(await setRole(outsider, orgId, member.id, "admin"), 404, NOT_FOUND);
    expectError(await setRole(outsider, orgId, admin.id, "member"), 404, NOT_FOUND);
    expect(await roleOf(orgId, member.id)).toBe("member");
    expect(await roleOf(orgId, admin.id)).toBe("admin");
  });

  it("answers 404 for a user who is not a member or does not exist, adding nobody", async () => {
    const { admin, orgId } = await teamOfTwo("Tia Target", "Tom Target");
    const stranger = await signUp("Sid Stranger");
    for (const id of [stranger.id, "nobody-at-all"]) expectError(await setRole(admin, orgId, id, "admin"), 404, "Member not found");
    expect(await memberRows(orgId)).toBe(2);
    expect(await roleOf(orgId, stranger.id)).toBeNull();
  });

  it("rejects bad input with 400 or 415", async () => {
    const { admin, member, orgId } = await teamOfTwo("Val Validator", "Vic Victim");
    await expectJsonBodyChecks(`/api/organizations/${orgId}/members/${member.id}`, "PUT", admin.token, { userType: "admin" });
    for (const userType of ["owner", "", 1, null, "ADMIN"])
      expectError(await setRole(admin, orgId, member.id, userType), 400, "userType must be admin or member");
    expectError(await setRole(admin, orgId, "u".repeat(65), "admin"), 400, "Invalid id");
    expect(await roleOf(orgId, member.id)).toBe("member");
  });
});

describe("/api/organization (current organization)", () => {
  it("info names the current organization and follows a switch", async () => {
    const { admin, member, orgId } = await teamOfTwo("Ina Info", "Ian Info");
    expect((await call("/api/organization/info", { token: member.token })).json.data).toEqual({
      organization: { id: orgId, name: "ina-info", displayName: "Ina Info's Organization" },
    });
    const own = (await call("/api/user/all-organizations", { token: member.token })).json.data.organizations[0].id;
    await call("/api/user/update-organization", { token: member.token, body: { organizationId: own } });
    expect((await call("/api/organization/info", { token: member.token })).json.data.organization.id).toBe(own);
    expect((await call("/api/organization/info", { token: admin.token })).json.data.organization.id).toBe(orgId);
  });

  it("users lists the current organization's members as contacts; excludeSelf leaves the caller out", async () => {
    const { admin, member } = await teamOfTwo("Uma Users", "Ulf Users");
    const all = (await call("/api/organization/users", { token: member.token })).json.data.users;
    expect(all).toEqual([
      {
        id: admin.id,
        name: "Uma Users",
        email: admin.email,
        username: admin.email.split("@")[0],
        image: null,
        role: "user",
        isOrgAdmin: true,
        lastChatTime: null,
        isFriend: false,
        isOrgMember: true,
      },
      expect.objectContaining({ id: member.id, isOrgAdmin: false }),
    ]);
    const others = (await call("/api/organization/users?excludeSelf=true&friendsOnly=false", { token: member.token })).json.data.users;
    expect(others.map((u: any) => u.id)).toEqual([admin.id]);
  });

  it("users rejects bad query values with 400", async () => {
    const u = await signUp("Query Quinn");
    expectError(await call("/api/organization/users?excludeSelf=yes", { token: u.token }), 400, "excludeSelf must be true or false");
    expectError(await call("/api/organization/users?friendsOnly=1", { token: u.token }), 400, "friendsOnly must be true or false");
  });

  it("details give member count and own/work by viewer, and 404 to outsiders", async () => {
    const { admin, member, orgId } = await teamOfTwo("Dee Details", "Dan Details");
    const outsider = await signUp("Odd Outsider");
    const as = async (u: { token: string }) => (await call(`/api/organization/${orgId}/details`, { token: u.token })).json.data.organization;
    expect(await as(admin)).toEqual({ id: orgId, name: "dee-details", displayName: "Dee Details's Organization", memberCount: 2, organizationType: "own" });
    expect((await as(member)).organizationType).toBe("work");
    for (const id of [orgId, "org_missing"]) expectError(await call(`/api/organization/${id}/details`, { token: outsider.token }), 404, NOT_FOUND);
    expectError(await call(`/api/organization/${"o".repeat(65)}/details`, { token: admin.token }), 400, "Invalid id");
  });
});

describe("organization changes reach open tabs", () => {
  it("joining sends refresh_organizations to the organization's members and the joiner", async () => {
    const owner = await signUp("Inbox Owner");
    const joiner = await signUp("Inbox Joiner");
    const orgId = (await session(owner)).organizationId;
    const invite = await call(`/api/organizations/${orgId}/invite`, { token: owner.token });
    const ownerInbox = await openSocket("/api/inbox/ws", owner.token);
    const joinerInbox = await openSocket("/api/inbox/ws", joiner.token);
    const joined = await call("/api/organizations/join", { token: joiner.token, body: { inviteCode: invite.json.data.inviteCode } });
    expect(joined.status).toBe(200);
    await ownerInbox.next((f) => f.type === "refresh_organizations");
    await joinerInbox.next((f) => f.type === "refresh_organizations");
  });
});
