import { PLAN_CATALOGUE, UNLIMITED, effectiveTier, type Tier, type TierConfig, type TierLimits } from "../../contract";

/** The three stored fields a plan is read from, as a session user, a drizzle row or a raw D1 row (epoch ms) holds them. */
export interface PlanFields {
  isMember?: boolean | number | null;
  memberPlan?: string | null;
  memberExpireAt?: Date | string | number | null;
}

/** The one place a user's effective tier is computed: a paid plan counts while it is held and not expired. */
export function tierOf(user: PlanFields, now: Date = new Date()): Tier {
  const expireAt = typeof user.memberExpireAt === "number" ? new Date(user.memberExpireAt) : user.memberExpireAt;
  return effectiveTier(Boolean(user.isMember), user.memberPlan, expireAt, now);
}

export function planOf(user: PlanFields): TierConfig {
  return PLAN_CATALOGUE[tierOf(user)];
}

export type LimitedItem = keyof TierLimits;

/** Why a create was refused by the plan: the domain reason routes turn into the upgrade dialog's 403. */
export interface LimitReached {
  ok: false;
  reason: "limit_reached";
  item: LimitedItem;
  tier: Tier;
  limit: number;
}

/** The tier and its limit of one item (-1: unlimited). */
export function limitOf(user: PlanFields, item: LimitedItem): { tier: Tier; limit: number } {
  const tier = tierOf(user);
  return { tier, limit: PLAN_CATALOGUE[tier].limits[item] };
}

/** `used` more would pass the limit: the refusal, or null when there is room. */
export function checkLimit(user: PlanFields, item: LimitedItem, used: number): LimitReached | null {
  const { tier, limit } = limitOf(user, item);
  if (limit === UNLIMITED || used < limit) return null;
  return { ok: false, reason: "limit_reached", item, tier, limit };
}
