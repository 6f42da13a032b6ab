import { PLAN_CATALOGUE, UNLIMITED } from "../../contract";
import { monthKey } from "../plans/usage";
import { tierOf } from "../plans/tier";

export interface PlanRow {
  is_member: number | null;
  member_plan: string | null;
  member_expire_at: number | null;
}

/** The requester's plan, read with the run's other inputs (run-inputs.ts). */
export function planStatement(db: D1Database, userId: string): D1PreparedStatement {
  return db.prepare("SELECT is_member, member_plan, member_expire_at FROM user WHERE id = ?").bind(userId);
}

/** The statement that counts one agent request, and whether the plan has no limit (then it always succeeds). */
export interface QuotaCharge {
  statement: D1PreparedStatement;
  unlimited: boolean;
}

/**
 * Counts one agent request against the user's monthly plan quota, atomically: the increment only
 * happens while under the limit, so two rooms racing for the last request cannot both get it. Null
 * when there is no plan (the requester is gone). The caller runs the statement (runs starting at
 * once share one batch) and reads the outcome with `charged`.
 */
export function quotaCharge(db: D1Database, userId: string, plan: PlanRow | null, now = new Date()): QuotaCharge | null {
  if (!plan) return null;
  const tier = tierOf({ isMember: plan.is_member, memberPlan: plan.member_plan, memberExpireAt: plan.member_expire_at });
  const limit = PLAN_CATALOGUE[tier].monthlyQuota;
  const month = monthKey(now);
  if (limit === UNLIMITED) {
    const statement = db
      .prepare(
        "INSERT INTO usage_monthly (user_id, month, agent_requests) VALUES (?, ?, 1) ON CONFLICT (user_id, month) DO UPDATE SET agent_requests = agent_requests + 1",
      )
      .bind(userId, month);
    return { statement, unlimited: true };
  }
  const statement = db
    .prepare(
      "INSERT INTO usage_monthly (user_id, month, agent_requests) SELECT ?, ?, 1 WHERE ? > 0 ON CONFLICT (user_id, month) DO UPDATE SET agent_requests = agent_requests + 1 WHERE agent_requests < ? RETURNING agent_requests",
    )
    .bind(userId, month, limit, limit);
  return { statement, unlimited: false };
}

/** Whether the charge's statement counted the request. */
export function charged(charge: QuotaCharge, result: D1Result | undefined): boolean {
  return charge.unlimited || (result?.results.length ?? 0) > 0;
}
