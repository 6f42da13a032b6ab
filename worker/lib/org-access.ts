import type { Db } from "../db/client";
import { findMembership, listMemberships, type MembershipRow } from "../db/organizations";
import { ApiError } from "./envelope";
import type { AuthUser } from "./app";

/**
 * The organization the user works in now: the saved choice while they still belong to it,
 * otherwise the first of theirs (own first), so a removed membership never strands a user.
 */
export async function currentMembership(db: Db, user: AuthUser): Promise<MembershipRow | null> {
  if (user.currentOrgId) {
    const m = await findMembership(db, user.id, user.currentOrgId);
    if (m) return m;
  }
  const [first] = await listMemberships(db, user.id);
  return first ?? null;
}

/** 404 rather than 403 for organizations the user is not in, so ids of others' organizations reveal nothing. */
export async function requireMembership(db: Db, userId: string, orgId: string): Promise<MembershipRow> {
  const m = await findMembership(db, userId, orgId);
  if (!m) throw new ApiError(404, "Organization not found");
  return m;
}

export async function requireAdmin(db: Db, userId: string, orgId: string): Promise<MembershipRow> {
  const m = await requireMembership(db, userId, orgId);
  if (m.role !== "admin") throw new ApiError(403, "Only organization administrators can do this");
  return m;
}

export async function requireCurrentMembership(db: Db, user: AuthUser): Promise<MembershipRow> {
  const m = await currentMembership(db, user);
  if (!m) throw new ApiError(400, "Please select an organization first");
  return m;
}
