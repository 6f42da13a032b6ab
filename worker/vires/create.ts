import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { virtualEmployee } from "../db/schema";
import type { Env } from "../env";
import { enqueueCustomAssistant } from "../jobs/custom-assistant";
import type { AuthUser } from "../lib/app";
import { currentMembership } from "../lib/org-access";
import type { VireRow } from "./mapper";
import { countVires, insertVire, nameTaken, vireLimitOf, type VireFields, type VireSaved } from "./store";
import { DEFAULT_EMPLOYEES } from "./templates";

/** My VIREs, by name. */
export async function myVires(db: Db, ownerId: string): Promise<VireRow[]> {
  return db.select().from(virtualEmployee).where(eq(virtualEmployee.ownerId, ownerId)).orderBy(asc(virtualEmployee.name));
}

/** Creates a VIRE in the user's current organization and starts the custom-assistant flow when it applies. */
export async function createVire(env: Env, db: Db, user: AuthUser, fields: VireFields): Promise<VireSaved> {
  const orgId = (await currentMembership(db, user))?.org.id ?? null;
  const saved = await insertVire(db, user, orgId, fields);
  if (saved.ok && saved.row.agentType === "custom") await enqueueCustomAssistant(env, saved.row);
  return saved;
}

/**
 * Gives a user with no VIREs the default employees, as many as the plan allows (spec 01 §4: "Empty
 * VIRE list"), so deleting the defaults is respected. Fixed names make two racing seeds create
 * each default once. Returns the ones created now.
 */
export async function seedDefaultVires(env: Env, db: Db, user: AuthUser): Promise<VireRow[]> {
  const created: VireRow[] = [];
  if ((await countVires(db, user.id)) > 0) return created;
  const { limit } = vireLimitOf(user);
  const wanted = limit < 0 ? DEFAULT_EMPLOYEES : DEFAULT_EMPLOYEES.slice(0, limit);
  for (const fields of wanted) {
    if (await nameTaken(db, user.id, fields.name)) continue;
    const saved = await createVire(env, db, user, fields);
    // A refusal means a concurrent seed or create got there first; what exists is the answer.
    if (saved.ok) created.push(saved.row);
  }
  return created;
}
