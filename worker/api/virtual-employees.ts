import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { virtualEmployee } from "../db/schema";
import { newApp } from "../lib/app";
import { ok } from "../lib/envelope";
import { requireUser } from "../lib/session";

/** `/api/virtual-employees`: my VIREs. Creating and editing them comes with the VIRE issue. */
export const virtualEmployeesApi = newApp()
  .use(requireUser)
  .get("/", async (c) => {
    const rows = await getDb(c.env.DB).select().from(virtualEmployee).where(eq(virtualEmployee.ownerId, c.get("user").id)).orderBy(virtualEmployee.name);
    return ok(c, {
      virtualEmployees: rows.map((v) => ({ id: v.id, name: v.name, role: v.role, description: v.description, avatarUrl: v.avatarUrl, agentType: v.agentType, skills: v.skills })),
    });
  });
