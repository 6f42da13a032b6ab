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

/**
 * Counts one agent request against the user's monthly plan quota, atomically: the increment only
 * happens while under the limit, so two rooms racing for the last request cannot both get it.
 */
export async function consumeAgentRequest(db: D1Database, userId: string, plan: PlanRow | null, now = new Date()): Promise<boolean> {
  if (!plan) return false;
  const tier = tierOf({ isMember: plan.is_member, memberPlan: plan.member_plan, memberExpireAt: plan.member_expire_at });
  const limit = PLAN_CATALOGUE[tier].monthlyQuota;
  const month = monthKey(now);
  if (limit === UNLIMITED) {
    await db
      .prepare(
        "INSERT INTO usage_monthly (user_id, month, agent_requests) VALUES (?, ?, 1) ON CONFLICT (user_id, month) DO UPDATE SET agent_requests = agent_requests + 1",
      )
      .bind(userId, month)
      .run();
    return true;
  }
  const row = await db
    .prepare(
      "INSERT INTO usage_monthly (user_id, month, agent_requests) SELECT ?, ?, 1 WHERE ? > 0 ON CONFLICT (user_id, month) DO UPDATE SET agent_requests = agent_requests + 1 WHERE agent_requests < ? RETURNING agent_requests",
    )
    .bind(userId, month, limit, limit)
    .first<{ agent_requests: number }>();
  return row !== null;
}
