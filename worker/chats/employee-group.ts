import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import * as v from "valibot";
import type { EmployeeGroupBody } from "../../contract";
import type { Db } from "../db/client";
import { GROUP_KINDS, type ChatRow } from "../db/chats";
import { inList } from "../db/bound-lists";
import { chat, chatParticipant, virtualEmployee } from "../db/schema";
import type { Env } from "../env";
import type { AuthUser } from "../lib/app";
import { createGroup, type CreateGroupRefused } from "./create-group";

export type EmployeeGroupOpened = { ok: true; row: ChatRow; existing: boolean };

/**
 * My virtual employees usable in `orgId`: a VIRE belongs to its owner and to the organization it was
 * made in (none for one made before the owner had any), so an employee of another organization is refused.
 */
async function employeesRefusal(db: Db, me: AuthUser, orgId: string, ids: string[]): Promise<CreateGroupRefused | null> {
  const rows = await db
    .select({ id: virtualEmployee.id, orgId: virtualEmployee.orgId })
    .from(virtualEmployee)
    .where(and(eq(virtualEmployee.ownerId, me.id), inList(virtualEmployee.id, ids)));
  if (rows.length !== new Set(ids).size) return { ok: false, reason: "vire_not_found" };
  if (rows.some((r) => r.orgId !== null && r.orgId !== orgId)) return { ok: false, reason: "not_in_organization" };
  return null;
}

/** My newest group in `orgId`, not tied to a project, whose participants are exactly me and these employees. */
async function findEmployeeGroup(db: Db, me: AuthUser, orgId: string, ids: string[]): Promise<ChatRow | null> {
  const unique = [...new Set(ids)];
  const size = sql<number>`(SELECT count(*) FROM ${chatParticipant} p WHERE p.chat_id = ${chat.id})`;
  const matching = sql<number>`(SELECT count(*) FROM ${chatParticipant} p WHERE p.chat_id = ${chat.id}
    AND p.participant_type = 'virtual_employee' AND ${inList(sql.raw("p.participant_id"), unique)})`;
  const [row] = await db
    .select()
    .from(chat)
    .where(
      and(
        eq(chat.orgId, orgId),
        eq(chat.ownerId, me.id),
        inArray(chat.kind, [...GROUP_KINDS]),
        isNull(chat.projectId),
        sql`${size} = ${unique.length + 1}`,
        sql`${matching} = ${unique.length}`,
      ),
    )
    .orderBy(desc(chat.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * `POST /api/group-chats` in spec 03's shape: a group of me and my virtual employees in my current
 * organization. `forceNew` always makes a new one (a coding session of its own, within my plan's
 * group limit); otherwise the group I already have with exactly these participants is reused.
 */
export async function openEmployeeGroup(
  env: Env,
  db: Db,
  me: AuthUser,
  orgId: string,
  body: v.InferOutput<typeof EmployeeGroupBody>,
): Promise<EmployeeGroupOpened | CreateGroupRefused> {
  if (body.organizationId && body.organizationId !== orgId) return { ok: false, reason: "not_in_organization" };
  const refused = await employeesRefusal(db, me, orgId, body.employeeIds);
  if (refused) return refused;
  const found = body.forceNew ? null : await findEmployeeGroup(db, me, orgId, body.employeeIds);
  if (found) return { ok: true, row: found, existing: true };
  const participants = body.employeeIds.map((id) => ({ id, type: "virtual_employee" as const }));
  const created = await createGroup(env, db, me, orgId, { name: body.name, description: body.description, participants });
  return created.ok ? { ...created, existing: false } : created;
}
