import { PLAN_CATALOGUE, TIERS, type MembershipStatus, type PlansAnswer } from "../../contract";
import { tierOf, type PlanFields } from "./tier";

export function planCatalogue(): PlansAnswer {
  return { plans: TIERS.map((t) => PLAN_CATALOGUE[t]) };
}

/** The membership fields as the client reads them (snake_case, an ISO expiry). */
export function membershipStatusOf(user: PlanFields): MembershipStatus {
  const expireAt = user.memberExpireAt == null ? null : new Date(user.memberExpireAt);
  return {
    is_member: Boolean(user.isMember),
    member_plan: user.memberPlan ?? "free",
    member_expire_at: expireAt ? expireAt.toISOString() : null,
    tier: tierOf(user),
  };
}
