import { PLAN_CATALOGUE, TIERS, effectiveTier, type MembershipStatus } from "../../contract";
import { newApp } from "../lib/app";
import { ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import type { AuthUser } from "../lib/app";

export function tierOf(user: AuthUser) {
  return effectiveTier(Boolean(user.isMember), user.memberPlan, user.memberExpireAt);
}

/** `/api/membership`: the user's plan and the catalogue the plan cards show. */
export const membershipApi = newApp()
  .get("/plans", (c) => ok(c, { plans: TIERS.map((t) => PLAN_CATALOGUE[t]) }))
  .use(requireUser)
  .get("/status", (c) => {
    const user = c.get("user");
    return ok<MembershipStatus>(c, {
      is_member: Boolean(user.isMember),
      member_plan: user.memberPlan ?? "free",
      member_expire_at: user.memberExpireAt ? new Date(user.memberExpireAt).toISOString() : null,
      tier: tierOf(user),
    });
  });
