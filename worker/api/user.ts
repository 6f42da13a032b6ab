import * as v from "valibot";
import { Id, UpdateOrganizationBody, type AllOrganizationsData, type OrganizationsWithMembersData, type CurrentOrganizationAnswer } from "../../contract";
import { getDb } from "../db/client";
import { toMember, toOrganization } from "../db/mappers";
import { listMembers, listMemberships, setCurrentOrg } from "../db/organizations";
import { newApp } from "../lib/app";
import { ok } from "../lib/envelope";
import { currentMembership, requireMembership } from "../lib/org-access";
import { requireUser } from "../lib/session";
import { json, query } from "../lib/validate";

const MembersQuery = v.object({ organizationId: v.optional(Id) });

/** `/api/user`: the signed-in user's organizations and which one is current. */
export const userApi = newApp()
  .use(requireUser)
  .get("/all-organizations", async (c) => {
    const user = c.get("user");
    const memberships = await listMemberships(getDb(c.env.DB), user.id);
    return ok<AllOrganizationsData>(c, { success: true, organizations: memberships.map((m) => toOrganization(m, user.id)), error: null });
  })
  .get("/current-organization", async (c) => {
    const m = await currentMembership(getDb(c.env.DB), c.get("user"));
    return ok<CurrentOrganizationAnswer>(c, { organizationId: m?.org.id ?? null });
  })
  .get("/organization-id", async (c) => {
    const m = await currentMembership(getDb(c.env.DB), c.get("user"));
    return ok<CurrentOrganizationAnswer>(c, { organizationId: m?.org.id ?? null });
  })
  .post("/update-organization", json(UpdateOrganizationBody), async (c) => {
    const { organizationId } = c.req.valid("json");
    const db = getDb(c.env.DB);
    const user = c.get("user");
    await requireMembership(db, user.id, organizationId);
    await setCurrentOrg(db, user.id, organizationId);
    return ok<CurrentOrganizationAnswer>(c, { organizationId });
  })
  .get("/organizations-with-members", query(MembersQuery), async (c) => {
    const { organizationId } = c.req.valid("query");
    const db = getDb(c.env.DB);
    const user = c.get("user");
    if (organizationId) {
      await requireMembership(db, user.id, organizationId);
      const members = await listMembers(db, organizationId);
      return ok<OrganizationsWithMembersData>(c, { success: true, organizationId, members: members.map(toMember) });
    }
    const memberships = await listMemberships(db, user.id);
    const organizations = await Promise.all(
      memberships.map(async (m) => ({ ...toOrganization(m, user.id), members: (await listMembers(db, m.org.id)).map(toMember) })),
    );
    return ok<OrganizationsWithMembersData>(c, { success: true, organizations });
  });
