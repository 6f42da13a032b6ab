import { and, count, eq } from "drizzle-orm";
import { PLAN_CATALOGUE, type UsageData } from "../../contract";
import type { Db } from "../db/client";
import { countOwnedGroups } from "../db/chats";
import { codingProject, usageMonthly } from "../db/schema";
import { countVires } from "../vires/store";
import { tierOf, type PlanFields } from "./tier";

/** Quotas reset with the calendar month in UTC, the same month for every user. */
export function monthKey(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** Projects count against their owner's plan, in every organization (as groups and VIREs do). */
export async function countOwnedProjects(db: Db, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(codingProject).where(eq(codingProject.ownerId, ownerId));
  return row?.n ?? 0;
}

export async function agentRequestsThisMonth(db: Db, userId: string, month: string): Promise<number> {
  const [row] = await db
    .select({ n: usageMonthly.agentRequests })
    .from(usageMonthly)
    .where(and(eq(usageMonthly.userId, userId), eq(usageMonthly.month, month)))
    .limit(1);
  return row?.n ?? 0;
}

/** What the usage page shows: each count next to the plan's limit, counted the way the limits are enforced. */
export async function usageOf(db: Db, user: PlanFields & { id: string }, now = new Date()): Promise<UsageData> {
  const tier = tierOf(user, now);
  const plan = PLAN_CATALOGUE[tier];
  const month = monthKey(now);
  const [agentRequests, vires, groups, projects] = await Promise.all([
    agentRequestsThisMonth(db, user.id, month),
    countVires(db, user.id),
    countOwnedGroups(db, user.id),
    countOwnedProjects(db, user.id),
  ]);
  return {
    tier,
    month,
    agentRequests: { used: agentRequests, limit: plan.monthlyQuota },
    virtualEmployees: { used: vires, limit: plan.limits.virtualEmployees },
    groupChats: { used: groups, limit: plan.limits.groupChats },
    projects: { used: projects, limit: plan.limits.projects },
  };
}
