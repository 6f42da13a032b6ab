import type { UsageData } from "../../contract";
import { getDb } from "../db/client";
import { newApp } from "../lib/app";
import { ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { usageOf } from "../plans/usage";

/** `/api/usage`: what the usage page shows against the plan's limits. */
export const usageApi = newApp()
  .use(requireUser)
  .get("/", async (c) => ok<UsageData>(c, await usageOf(getDb(c.env.DB), c.get("user"))));
