import type { Env } from "../../env";
import type { Budget } from "./budget";

/** A sandbox record untouched this long is history: its jobs poll every 5 s while they live. */
export const SANDBOX_RECORD_TTL_MS = 86_400_000;

/**
 * Group invitations past their expiry that were never accepted: their link already answers
 * "expired"; accepted ones stay, as the owner's list shows who joined through them.
 */
export async function removeExpiredInvitations(env: Env, budget: Budget, now: number): Promise<number> {
  const limit = budget.take(500);
  const { meta } = await env.DB.prepare(
    "DELETE FROM group_invite WHERE id IN (SELECT id FROM group_invite WHERE expires_at <= ? AND status <> 'accepted' LIMIT ?)",
  )
    .bind(now, limit)
    .run();
  budget.refund(limit - (meta.changes ?? 0));
  return meta.changes ?? 0;
}

/**
 * Sandbox records (worker/workspace/sandbox-state.ts) nobody will use again: failed, pooled or
 * destroying ones (never chosen), and jobs' records left in creating/starting/restarting when the
 * queue lost them, once untouched for a day. A user's active/idle/stopped record is never removed.
 */
export async function removeStaleSandboxes(env: Env, budget: Budget, now: number): Promise<number> {
  const limit = budget.take(500);
  const { meta } = await env.DB.prepare(
    `DELETE FROM sandbox WHERE id IN (SELECT id FROM sandbox WHERE updated_at < ? AND status IN ('failed', 'pooling', 'pooled', 'destroying', 'creating', 'starting', 'restarting') LIMIT ?)`,
  )
    .bind(now - SANDBOX_RECORD_TTL_MS, limit)
    .run();
  budget.refund(limit - (meta.changes ?? 0));
  return meta.changes ?? 0;
}
