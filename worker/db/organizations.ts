import { and, eq, sql, count } from "drizzle-orm";
import type { Db } from "./client";
import { organization, organizationMember, user } from "./schema";
import { newId, randomCode, slugify } from "../lib/ids";
import type { OrgRole } from "../../contract";

export type OrganizationRow = typeof organization.$inferSelect;
export interface MembershipRow {
  org: OrganizationRow;
  role: OrgRole;
  memberCount: number;
}

/**
 * Every new user gets an organization of their own, with them as its admin, and starts in it.
 * One batch so a user never exists half set up.
 */
export async function createOwnOrganization(db: Db, owner: { id: string; name: string }): Promise<string> {
  const orgId = newId("org");
  const displayName = `${owner.name}'s Organization`;
  await db.batch([
    db
      .insert(organization)
      .values({ id: orgId, name: slugify(owner.name), displayName, ownerId: owner.id, inviteCode: randomCode(), typeCategory: "personal" }),
    db.insert(organizationMember).values({ orgId, userId: owner.id, role: "admin" }),
    db.update(user).set({ currentOrgId: orgId }).where(eq(user.id, owner.id)),
  ]);
  return orgId;
}

const memberCountSql = sql<number>`(select count(*) from ${organizationMember} m where m.org_id = ${organization.id})`.as("member_count");

/** The organizations a user belongs to, own organization first, then by name. */
export async function listMemberships(db: Db, userId: string): Promise<MembershipRow[]> {
  const rows = await db
    .select({ org: organization, role: organizationMember.role, memberCount: memberCountSql })
    .from(organizationMember)
    .innerJoin(organization, eq(organization.id, organizationMember.orgId))
    .where(eq(organizationMember.userId, userId))
    .orderBy(sql`${organization.ownerId} = ${userId} desc`, organization.displayName);
  return rows.map((r) => ({ org: r.org, role: r.role, memberCount: Number(r.memberCount) }));
}

/** The user's membership of one organization, or null: the single gate for every org-scoped call. */
export async function findMembership(db: Db, userId: string, orgId: string): Promise<MembershipRow | null> {
  const [row] = await db
    .select({ org: organization, role: organizationMember.role, memberCount: memberCountSql })
    .from(organizationMember)
    .innerJoin(organization, eq(organization.id, organizationMember.orgId))
    .where(and(eq(organizationMember.userId, userId), eq(organizationMember.orgId, orgId)))
    .limit(1);
  return row ? { org: row.org, role: row.role, memberCount: Number(row.memberCount) } : null;
}

export async function findByInviteCode(db: Db, inviteCode: string): Promise<OrganizationRow | null> {
  const [row] = await db.select().from(organization).where(eq(organization.inviteCode, inviteCode.toUpperCase())).limit(1);
  return row ?? null;
}

export async function addMember(db: Db, orgId: string, userId: string, role: OrgRole = "member"): Promise<void> {
  await db.insert(organizationMember).values({ orgId, userId, role }).onConflictDoNothing();
}

export async function countAdmins(db: Db, orgId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(organizationMember)
    .where(and(eq(organizationMember.orgId, orgId), eq(organizationMember.role, "admin")));
  return row?.n ?? 0;
}

export async function setMemberRole(db: Db, orgId: string, userId: string, role: OrgRole): Promise<void> {
  await db
    .update(organizationMember)
    .set({ role })
    .where(and(eq(organizationMember.orgId, orgId), eq(organizationMember.userId, userId)));
}

export async function resetInviteCode(db: Db, orgId: string): Promise<string> {
  const code = randomCode();
  await db.update(organization).set({ inviteCode: code }).where(eq(organization.id, orgId));
  return code;
}

export async function setCurrentOrg(db: Db, userId: string, orgId: string): Promise<void> {
  await db.update(user).set({ currentOrgId: orgId, updatedAt: new Date() }).where(eq(user.id, userId));
}

/** Members of one organization with their user rows, admins first. */
export async function listMembers(db: Db, orgId: string) {
  return db
    .select({ user, role: organizationMember.role })
    .from(organizationMember)
    .innerJoin(user, eq(user.id, organizationMember.userId))
    .where(eq(organizationMember.orgId, orgId))
    .orderBy(sql`${organizationMember.role} = 'admin' desc`, user.name);
}
