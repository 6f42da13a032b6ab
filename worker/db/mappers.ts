import type { Organization, OrganizationMember, OrganizationUser, SessionUser, DevUser } from "../../contract";
import { tierOf } from "../plans/tier";
import type { MembershipRow } from "./organizations";
import type { user } from "./schema";
import type { AuthUser } from "../lib/app";

type UserRow = typeof user.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

export function toOrganization(m: MembershipRow, viewerId: string): Organization {
  const type = m.org.ownerId === viewerId ? "own" : "work";
  return {
    id: m.org.id,
    name: m.org.name,
    displayName: m.org.displayName,
    organizationType: type,
    orgType: type,
    type_category: m.org.typeCategory,
    memberCount: m.memberCount,
    userType: m.role,
  };
}

export function toMember(row: { user: UserRow; role: "admin" | "member" }): OrganizationMember {
  return { userId: row.user.id, name: row.user.name, email: row.user.email, image: row.user.image, userType: row.role };
}

/** What the viewer's own relations add to a listed person: friendship and the last private chat. */
export interface ViewerRelations {
  friendIds: ReadonlySet<string>;
  lastChatTimes: ReadonlyMap<string, string>;
}

export function toOrganizationUser(row: { user: UserRow; role: "admin" | "member" }, relations?: ViewerRelations): OrganizationUser {
  return {
    id: row.user.id,
    name: row.user.name,
    email: row.user.email,
    username: row.user.username,
    image: row.user.image,
    role: row.user.role,
    isOrgAdmin: row.role === "admin",
    lastChatTime: relations?.lastChatTimes.get(row.user.id) ?? null,
    isFriend: relations?.friendIds.has(row.user.id) ?? false,
  };
}

export function toSessionUser(u: AuthUser, m: MembershipRow | null): SessionUser {
  return {
    id: u.id,
    email: u.email,
    username: u.username ?? "",
    account: u.email,
    name: u.name,
    organizationId: m?.org.id ?? null,
    isOrgAdmin: m?.role === "admin",
    organizationName: m?.org.name ?? null,
    organizationDisplayName: m?.org.displayName ?? null,
    image: u.image ?? null,
    role: u.role ?? "user",
    isMember: Boolean(u.isMember) && tierOf(u) !== "free",
    memberPlan: u.memberPlan ?? "free",
    createdAt: iso(u.createdAt)!,
    updatedAt: iso(u.updatedAt)!,
  };
}

export function toDevUser(u: UserRow): DevUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    isMember: u.isMember,
    memberPlan: u.memberPlan,
    memberExpireAt: iso(u.memberExpireAt),
    tier: tierOf(u),
    hasDevAccess: u.hasDevAccess,
  };
}
