import {
  Id,
  JoinOrganizationBody,
  UpdateMemberRoleBody,
  type JoinOrganizationData,
  type OrganizationInvite,
  type MemberRoleAnswer,
  type OrganizationInfoAnswer,
  type OrganizationUsersAnswer,
  type OrganizationDetails,
} from "../../contract";
import { getDb } from "../db/client";
import { addMember, countAdmins, findByInviteCode, findMembership, resetInviteCode, setCurrentOrg, setMemberRole } from "../db/organizations";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { requireAdmin, requireCurrentMembership, requireMembership } from "../lib/org-access";
import { requireUser } from "../lib/session";
import { json, param, query } from "../lib/validate";
import * as v from "valibot";
import { listMembers } from "../db/organizations";
import { notifyUsers } from "../rooms/stubs";
import { organizationUsers } from "../people/org-users";

const UsersQuery = v.object({
  excludeSelf: v.optional(v.picklist(["true", "false"], "excludeSelf must be true or false")),
  friendsOnly: v.optional(v.picklist(["true", "false"], "friendsOnly must be true or false")),
});
const OrgParam = v.object({ orgId: Id });
const MemberParam = v.object({ orgId: Id, userId: Id });

const invitePath = (code: string) => `/join/${code}`;

/** `/api/organizations`: joining by invite code, the invite code itself, and member roles. */
export const organizationsApi = newApp()
  .use(requireUser)
  .post("/join", json(JoinOrganizationBody), async (c) => {
    const { inviteCode } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const org = await findByInviteCode(db, inviteCode);
    if (!org) throw new ApiError(404, "Invalid invite code");
    const alreadyMember = (await findMembership(db, user.id, org.id)) !== null;
    if (!alreadyMember) await addMember(db, org.id, user.id, "member");
    // People join an organization to work in it, so it becomes the current one.
    await setCurrentOrg(db, user.id, org.id);
    // Everyone's switcher shows member counts, and the joiner's other tabs list a new organization.
    const members = await listMembers(db, org.id);
    await notifyUsers(
      c.env,
      members.map((m) => m.user.id),
      { type: "refresh_organizations" },
    );
    return ok<JoinOrganizationData>(c, { organizationId: org.id, displayName: org.displayName, alreadyMember });
  })
  .get("/:orgId/invite", param(OrgParam), async (c) => {
    const { orgId } = c.req.valid("param");
    const m = await requireAdmin(getDb(c.env.DB), c.get("user").id, orgId);
    return ok<OrganizationInvite>(c, { organizationId: orgId, inviteCode: m.org.inviteCode, invitePath: invitePath(m.org.inviteCode) });
  })
  .post("/:orgId/invite/reset", param(OrgParam), async (c) => {
    const { orgId } = c.req.valid("param");
    const db = getDb(c.env.DB);
    await requireAdmin(db, c.get("user").id, orgId);
    const code = await resetInviteCode(db, orgId);
    return ok<OrganizationInvite>(c, { organizationId: orgId, inviteCode: code, invitePath: invitePath(code) });
  })
  .put("/:orgId/members/:userId", param(MemberParam), json(UpdateMemberRoleBody), async (c) => {
    const { orgId, userId: targetId } = c.req.valid("param");
    const { userType } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const admin = await requireAdmin(db, c.get("user").id, orgId);
    const target = await findMembership(db, targetId, orgId);
    if (!target) throw new ApiError(404, "Member not found");
    if (targetId === admin.org.ownerId && userType !== "admin") throw new ApiError(403, "The organization owner is always an administrator");
    if (target.role === "admin" && userType === "member" && (await countAdmins(db, orgId)) <= 1) {
      throw new ApiError(409, "An organization needs at least one administrator");
    }
    await setMemberRole(db, orgId, targetId, userType);
    await notifyUsers(c.env, [targetId], { type: "refresh_organizations" });
    return ok<MemberRoleAnswer>(c, { organizationId: orgId, userId: targetId, userType });
  });

/** `/api/organization`: the singular paths the spec's clients call. */
export const organizationApi = newApp()
  .use(requireUser)
  .get("/info", async (c) => {
    const m = await requireCurrentMembership(getDb(c.env.DB), c.get("user"));
    return ok<OrganizationInfoAnswer>(c, { organization: { id: m.org.id, name: m.org.name, displayName: m.org.displayName } });
  })
  .get("/users", query(UsersQuery), async (c) => {
    const { excludeSelf, friendsOnly } = c.req.valid("query");
    const m = await requireCurrentMembership(getDb(c.env.DB), c.get("user"));
    const opts = { excludeSelf: excludeSelf === "true", friendsOnly: friendsOnly === "true" };
    return ok<OrganizationUsersAnswer>(c, { users: await organizationUsers(getDb(c.env.DB), c.get("user").id, m.org.id, opts) });
  })
  .get("/:orgId/details", param(OrgParam), async (c) => {
    const { orgId } = c.req.valid("param");
    const user = c.get("user");
    const m = await requireMembership(getDb(c.env.DB), user.id, orgId);
    return ok<OrganizationDetails>(c, {
      organization: {
        id: m.org.id,
        name: m.org.name,
        displayName: m.org.displayName,
        memberCount: m.memberCount,
        organizationType: m.org.ownerId === user.id ? "own" : "work",
      },
    });
  });
