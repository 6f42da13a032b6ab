import { and, eq, sql } from "drizzle-orm";
import * as v from "valibot";
import {
  Id,
  VIRE_NAME_MAX,
  VireBody,
  type DeleteVireAnswer,
  type VireCountAnswer,
  type VireListAnswer,
  type VireSeedAnswer,
  type VirtualEmployee,
} from "../../contract";
import { getDb } from "../db/client";
import { virtualEmployee } from "../db/schema";
import { enqueueCustomAssistant } from "../jobs/custom-assistant";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { vireInGroupsError, vireSaveError } from "../lib/refusals";
import { requireOwnVire, VIRE_NOT_FOUND } from "../lib/vire-access";
import { requireUser } from "../lib/session";
import { json, param, query } from "../lib/validate";
import { createVire, myVires, seedDefaultVires } from "../vires/create";
import { deleteVire } from "../vires/delete";
import { toVirtualEmployee } from "../vires/mapper";
import { countVires, updateVire, vireLimitOf, type VireFields } from "../vires/store";

const ByNameQuery = v.object({
  name: v.pipe(v.optional(v.string(), ""), v.trim(), v.minLength(1, "Please enter a VIRE name"), v.maxLength(VIRE_NAME_MAX, "VIRE name is too long")),
});

const IdParam = v.object({ id: Id });

function fieldsOf(body: VireBody): VireFields {
  const { taskId: _taskId, status: _status, ...fields } = body;
  return fields;
}

/** `/api/virtual-employees`: my virtual employees (spec 01 §7). Static paths come before `/:id`. */
export const virtualEmployeesApi = newApp()
  .use(requireUser)
  .get("/", async (c) => {
    const rows = await myVires(getDb(c.env.DB), c.get("user").id);
    return ok<VireListAnswer>(c, { virtualEmployees: rows.map(toVirtualEmployee) });
  })
  .get("/count", async (c) => {
    const user = c.get("user");
    const { tier, limit } = vireLimitOf(user);
    return ok<VireCountAnswer>(c, { count: await countVires(getDb(c.env.DB), user.id), limit, tier });
  })
  .get("/by-name", query(ByNameQuery), async (c) => {
    const { name } = c.req.valid("query");
    const user = c.get("user");
    const [row] = await getDb(c.env.DB)
      .select()
      .from(virtualEmployee)
      .where(and(eq(virtualEmployee.ownerId, user.id), sql`lower(${virtualEmployee.name}) = lower(${name})`))
      .limit(1);
    if (!row) throw new ApiError(404, VIRE_NOT_FOUND);
    return ok<VirtualEmployee>(c, toVirtualEmployee(row));
  })
  .post("/seed", async (c) => {
    const db = getDb(c.env.DB);
    const user = c.get("user");
    const created = await seedDefaultVires(c.env, db, user);
    const rows = await myVires(db, user.id);
    return ok<VireSeedAnswer>(c, { created: created.map(toVirtualEmployee), virtualEmployees: rows.map(toVirtualEmployee) });
  })
  .post("/", json(VireBody), async (c) => {
    const body = c.req.valid("json");
    const db = getDb(c.env.DB);
    const saved = await createVire(c.env, db, c.get("user"), fieldsOf(body));
    if (!saved.ok) throw vireSaveError(saved);
    return ok<VirtualEmployee>(c, toVirtualEmployee(saved.row));
  })
  .get("/:id", param(IdParam), async (c) => {
    const row = await requireOwnVire(getDb(c.env.DB), c.get("user").id, c.req.valid("param").id);
    return ok<VirtualEmployee>(c, toVirtualEmployee(row));
  })
  .put("/:id", json(VireBody), param(IdParam), async (c) => {
    const body = c.req.valid("json");
    const db = getDb(c.env.DB);
    const existing = await requireOwnVire(db, c.get("user").id, c.req.valid("param").id);
    const saved = await updateVire(db, existing, fieldsOf(body));
    if (!saved.ok) throw vireSaveError(saved);
    if (saved.row.agentType === "custom") await enqueueCustomAssistant(c.env, saved.row);
    return ok<VirtualEmployee>(c, toVirtualEmployee(saved.row));
  })
  .delete("/:id", param(IdParam), async (c) => {
    const db = getDb(c.env.DB);
    const vire = await requireOwnVire(db, c.get("user").id, c.req.valid("param").id);
    const deleted = await deleteVire(c.env, db, vire);
    if (!deleted.ok) throw vireInGroupsError(deleted);
    return ok<DeleteVireAnswer>(c, { id: vire.id, deletedChatIds: deleted.deletedChatIds });
  });
