import { and, asc, eq, sql } from "drizzle-orm";
import * as v from "valibot";
import { Id, VIRE_NAME_MAX, VireBody, type VirtualEmployee } from "../../contract";
import { getDb } from "../db/client";
import { virtualEmployee } from "../db/schema";
import { enqueueCustomAssistant } from "../jobs/custom-assistant";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { currentMembership } from "../lib/org-access";
import { requireUser } from "../lib/session";
import { jsonBody, parseWith, queryOf } from "../lib/validate";
import { deleteVire } from "../vires/delete";
import { toVirtualEmployee, type VireRow } from "../vires/mapper";
import { countVires, findOwnVire, insertVire, nameTaken, updateVire, vireLimitOf, type VireFields } from "../vires/store";
import { DEFAULT_EMPLOYEES } from "../vires/templates";
import { vireKnowledgeApi } from "./knowledge";
import type { Db } from "../db/client";
import type { Env } from "../env";
import type { AuthUser } from "../lib/app";

const ByNameQuery = v.object({
  name: v.pipe(v.optional(v.string(), ""), v.trim(), v.minLength(1, "Please enter a VIRE name"), v.maxLength(VIRE_NAME_MAX, "VIRE name is too long")),
});

function fieldsOf(body: VireBody): VireFields {
  const { taskId: _taskId, status: _status, ...fields } = body;
  return fields;
}

async function myVires(db: Db, ownerId: string): Promise<VireRow[]> {
  return db.select().from(virtualEmployee).where(eq(virtualEmployee.ownerId, ownerId)).orderBy(asc(virtualEmployee.name));
}

/** Creates a VIRE in the user's current organization and starts the custom-assistant flow when it applies. */
export async function createVire(env: Env, db: Db, user: AuthUser, fields: VireFields): Promise<VireRow> {
  const orgId = (await currentMembership(db, user))?.org.id ?? null;
  const row = await insertVire(db, user, orgId, fields);
  if (row.agentType === "custom") await enqueueCustomAssistant(env, row);
  return row;
}

/** `/api/virtual-employees`: my virtual employees (spec 01 §7). Static paths come before `/:id`. */
export const virtualEmployeesApi = newApp()
  .use(requireUser)
  .get("/", async (c) => {
    const rows = await myVires(getDb(c.env.DB), c.get("user").id);
    return ok(c, { virtualEmployees: rows.map(toVirtualEmployee) });
  })
  .get("/count", async (c) => {
    const user = c.get("user");
    const { tier, limit } = vireLimitOf(user);
    return ok(c, { count: await countVires(getDb(c.env.DB), user.id), limit, tier });
  })
  .get("/by-name", async (c) => {
    const { name } = queryOf(c, ByNameQuery);
    const user = c.get("user");
    const [row] = await getDb(c.env.DB)
      .select()
      .from(virtualEmployee)
      .where(and(eq(virtualEmployee.ownerId, user.id), sql`lower(${virtualEmployee.name}) = lower(${name})`))
      .limit(1);
    if (!row) throw new ApiError(404, "Virtual employee not found");
    return ok(c, toVirtualEmployee(row));
  })
  .post("/seed", async (c) => {
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const created: VirtualEmployee[] = [];
    // Only a user with no VIREs is seeded (spec 01 §4: "Empty VIRE list"), so deleting the
    // defaults is respected. Fixed names make two racing seeds create each default once.
    if ((await countVires(db, user.id)) === 0) {
      const { limit } = vireLimitOf(user);
      const wanted = limit < 0 ? DEFAULT_EMPLOYEES : DEFAULT_EMPLOYEES.slice(0, limit);
      for (const fields of wanted) {
        if (await nameTaken(db, user.id, fields.name)) continue;
        try {
          created.push(toVirtualEmployee(await createVire(c.env, db, user, fields)));
        } catch (err) {
          // A concurrent seed or create got there first; what exists is the answer.
          if (!(err instanceof ApiError) || (err.status !== 403 && err.status !== 409)) throw err;
        }
      }
    }
    const rows = await myVires(db, user.id);
    return ok(c, { created, virtualEmployees: rows.map(toVirtualEmployee) });
  })
  .post("/", async (c) => {
    const body = await jsonBody(c, VireBody);
    const db = getDb(c.env.DB);
    const row = await createVire(c.env, db, c.get("user"), fieldsOf(body));
    return ok(c, toVirtualEmployee(row));
  })
  .get("/:id", async (c) => {
    const row = await findOwnVire(getDb(c.env.DB), c.get("user").id, parseWith(Id, c.req.param("id")));
    return ok(c, toVirtualEmployee(row));
  })
  .put("/:id", async (c) => {
    const body = await jsonBody(c, VireBody);
    const db = getDb(c.env.DB);
    const existing = await findOwnVire(db, c.get("user").id, parseWith(Id, c.req.param("id")));
    const row = await updateVire(db, existing, fieldsOf(body));
    if (row.agentType === "custom") await enqueueCustomAssistant(c.env, row);
    return ok(c, toVirtualEmployee(row));
  })
  .delete("/:id", async (c) => {
    const db = getDb(c.env.DB);
    const vire = await findOwnVire(db, c.get("user").id, parseWith(Id, c.req.param("id")));
    const { deletedChatIds } = await deleteVire(c.env, db, vire);
    return ok(c, { id: vire.id, deletedChatIds });
  })
  .route("/", vireKnowledgeApi);
