import { and, eq } from "drizzle-orm";
import { PLAN_CATALOGUE, type UsageData } from "../../contract";
import { getDb } from "../db/client";
import { usageMonthly } from "../db/schema";
import { newApp } from "../lib/app";
import { ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { countVires } from "../vires/store";
import { tierOf } from "./membership";

/** Quotas reset with the calendar month in UTC, the same month for every user. */
export function monthKey(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}

/** `/api/usage`: what the usage page shows against the plan's limits. */
export const usageApi = newApp()
  .use(requireUser)
  .get("/", async (c) => {
    const user = c.get("user");
    const tier = tierOf(user);
    const plan = PLAN_CATALOGUE[tier];
    const month = monthKey();
    const db = getDb(c.env.DB);
    const [row] = await db
      .select({ n: usageMonthly.agentRequests })
      .from(usageMonthly)
      .where(and(eq(usageMonthly.userId, user.id), eq(usageMonthly.month, month)))
      .limit(1);
    // Group chats and projects: their issues add the counts here.
    return ok<UsageData>(c, {
      tier,
      month,
      agentRequests: { used: row?.n ?? 0, limit: plan.monthlyQuota },
      virtualEmployees: { used: await countVires(db, user.id), limit: plan.limits.virtualEmployees },
      groupChats: { used: 0, limit: plan.limits.groupChats },
      projects: { used: 0, limit: plan.limits.projects },
    });
  });
