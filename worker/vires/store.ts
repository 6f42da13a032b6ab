import { and, count, eq, ne, sql } from "drizzle-orm";
import { CUSTOM_ASSISTANT_BUILDING, UNLIMITED, type Tier, type VireBody } from "../../contract";
import { limitOf } from "../plans/tier";
import type { Db } from "../db/client";
import { virtualEmployee } from "../db/schema";
import type { AuthUser } from "../lib/app";
import { newId } from "../lib/ids";
import type { LimitReached } from "../plans/tier";
import type { VireRow } from "./mapper";

/** What a VIRE is made from: a validated body, a template or a default employee. */
export type VireFields = Omit<VireBody, "taskId" | "status">;

export function vireLimitOf(user: AuthUser): { tier: Tier; limit: number } {
  return limitOf(user, "virtualEmployees");
}

/** Names are unique per owner because chats address a VIRE by name (@mentions, `by-name`). */
export interface VireNameTaken {
  ok: false;
  reason: "name_taken";
  name: string;
}

/** Why a VIRE was not saved: its name is taken, or (on create) the plan's limit is reached. */
export type VireSaveRefused = VireNameTaken | LimitReached;
export type VireSaved = { ok: true; row: VireRow } | VireSaveRefused;

const nameTakenReason = (name: string): VireNameTaken => ({ ok: false, reason: "name_taken", name });
const vireLimitReason = (tier: Tier, limit: number): LimitReached => ({ ok: false, reason: "limit_reached", item: "virtualEmployees", tier, limit });

export async function countVires(db: Db, ownerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(virtualEmployee).where(eq(virtualEmployee.ownerId, ownerId));
  return row?.n ?? 0;
}

/** Another user's VIRE is as missing as one that does not exist (null), so ids reveal nothing. */
export async function findOwnVire(db: Db, ownerId: string, id: string): Promise<VireRow | null> {
  const [row] = await db
    .select()
    .from(virtualEmployee)
    .where(and(eq(virtualEmployee.id, id), eq(virtualEmployee.ownerId, ownerId)))
    .limit(1);
  return row ?? null;
}

/** Reads a row that was just written by its owner; its absence is a broken invariant, not a refusal. */
async function reread(db: Db, ownerId: string, id: string): Promise<VireRow> {
  const row = await findOwnVire(db, ownerId, id);
  if (!row) throw new Error(`VIRE ${id} vanished right after it was saved`);
  return row;
}

/** Saving a custom assistant (re)starts its building flow; any other type has neither field (spec 01 §4). */
export function buildState(agentType: string): { taskId: string | null; status: string | null } {
  return agentType === "custom" ? { taskId: newId("task"), status: CUSTOM_ASSISTANT_BUILDING } : { taskId: null, status: null };
}

/**
 * Creates a VIRE unless the plan limit is reached or the name is taken. Both conditions are part
 * of the INSERT itself, so two concurrent creates can never pass the limit together.
 */
export async function insertVire(db: Db, user: AuthUser, orgId: string | null, fields: VireFields): Promise<VireSaved> {
  const { tier, limit } = vireLimitOf(user);
  const id = newId("vire");
  const { taskId, status } = buildState(fields.agentType);
  const now = Date.now();
  const result = await db.run(sql`
    INSERT INTO virtual_employee (id, owner_id, org_id, name, role, description, avatar_url, skills, workflow, memory, knowledge, role_prompt, agent_type, task_id, status, created_at, updated_at)
    SELECT ${id}, ${user.id}, ${orgId}, ${fields.name}, ${fields.role}, ${fields.description}, ${fields.avatarUrl}, ${JSON.stringify(fields.skills)},
           ${fields.workflow}, ${fields.memory}, ${fields.knowledge}, ${fields.rolePrompt}, ${fields.agentType}, ${taskId}, ${status}, ${now}, ${now}
    WHERE (${limit} = ${UNLIMITED} OR (SELECT count(*) FROM virtual_employee WHERE owner_id = ${user.id}) < ${limit})
      AND NOT EXISTS (SELECT 1 FROM virtual_employee WHERE owner_id = ${user.id} AND lower(name) = lower(${fields.name}))`);
  if (result.meta.changes === 0) return (await nameTaken(db, user.id, fields.name)) ? nameTakenReason(fields.name) : vireLimitReason(tier, limit);
  return { ok: true, row: await reread(db, user.id, id) };
}

export async function nameTaken(db: Db, ownerId: string, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: virtualEmployee.id })
    .from(virtualEmployee)
    .where(
      and(eq(virtualEmployee.ownerId, ownerId), sql`lower(${virtualEmployee.name}) = lower(${name})`, exceptId ? ne(virtualEmployee.id, exceptId) : undefined),
    )
    .limit(1);
  return Boolean(row);
}

export async function updateVire(db: Db, existing: VireRow, fields: VireFields): Promise<{ ok: true; row: VireRow } | VireNameTaken> {
  if (await nameTaken(db, existing.ownerId, fields.name, existing.id)) return nameTakenReason(fields.name);
  const { taskId, status } = buildState(fields.agentType);
  await db
    .update(virtualEmployee)
    .set({ ...fields, taskId, status, updatedAt: new Date() })
    .where(eq(virtualEmployee.id, existing.id));
  return { ok: true, row: await reread(db, existing.ownerId, existing.id) };
}
