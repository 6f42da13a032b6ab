import { TIERS, type Tier } from "../../../contract";

export type PlanAction = "current" | "useFree" | "contactSales" | "upgrade" | "switch";

/** The tier the plan views recommend: the next one up, none at the top (spec 02 §2.3). */
export function recommendedTier(current: Tier): Tier | null {
  return TIERS[TIERS.indexOf(current) + 1] ?? null;
}

/**
 * Which button a plan card shows for the viewer's effective tier. Lower paid tiers are not named
 * by the spec; they get a neutral "Switch to" instead of a misleading "Upgrade to".
 */
export function planAction(tier: Tier, current: Tier): PlanAction {
  if (tier === current) return "current";
  if (tier === "enterprise") return "contactSales";
  if (tier === "free") return "useFree";
  return TIERS.indexOf(tier) > TIERS.indexOf(current) ? "upgrade" : "switch";
}
