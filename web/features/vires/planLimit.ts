import { PLAN_CATALOGUE, UNLIMITED, type Tier } from "../../../contract";
import { ApiError } from "../../app/api/client";

export type CreateDecision = { allowed: true } | { allowed: false; limit: number | null };

/**
 * Whether the create form may open (spec 01 §4, §8): a failing count call opens the upgrade dialog;
 * so does a count at the plan's limit. An unknown tier lets the form open: the server still refuses
 * with a 403 when the plan is full, and that also opens the dialog.
 */
export function vireCreateDecision(count: number | null, tier: Tier | null): CreateDecision {
  if (count === null) return { allowed: false, limit: tier ? PLAN_CATALOGUE[tier].limits.virtualEmployees : null };
  if (tier === null) return { allowed: true };
  const limit = PLAN_CATALOGUE[tier].limits.virtualEmployees;
  if (limit === UNLIMITED || count < limit) return { allowed: true };
  return { allowed: false, limit };
}

/** The server's plan-limit refusal: HTTP 403 with `data.code = "PLAN_LIMIT"`. */
export function isPlanLimitError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.code === 403 || /PLAN_LIMIT/.test(error.message));
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : "";
}

/** A refusal the server explained (4xx with a text) as opposed to a failure to reach it or a fault. */
export function isServerRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.message) return false;
  return error.kind === "business" || (error.kind === "http" && error.status >= 400 && error.status < 500);
}
