import { and, eq, sql } from "drizzle-orm";
import type { OnboardingGroup, OnboardingResult, OnboardingVire, PurposeId } from "../../contract";
import { createGroup } from "../chats/create-group";
import type { Db } from "../db/client";
import { chatParticipant, virtualEmployee } from "../db/schema";
import type { Env } from "../env";
import type { AuthUser } from "../lib/app";
import { currentMembership } from "../lib/org-access";
import type { VireRow } from "../vires/mapper";
import { createVire } from "../vires/create";
import { fieldsOfTemplate, findTemplate } from "../vires/templates";
import { purposeTeam } from "./purposes";
import { claimOnboarding, failOnboarding, finishOnboarding, firstRunOf, type FirstRunRow } from "./store";

export type OnboardingOutcome = { ok: true; result: OnboardingResult } | { ok: false; reason: "in_progress" | "not_needed" | "failed" };

/** A user who already has virtual employees or chats is not on a first run (see `needsOnboarding`). */
async function hasWorkspace(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.all<{ found: number }>(sql`
    SELECT EXISTS (SELECT 1 FROM ${virtualEmployee} WHERE ${virtualEmployee.ownerId} = ${userId})
        OR EXISTS (SELECT 1 FROM ${chatParticipant} WHERE ${chatParticipant.participantId} = ${userId}) AS found`);
  return Boolean(row?.found);
}

/**
 * The modal shows once: never after an onboarding finished. A started or failed one is offered
 * again so the user can retry. Accounts that already have virtual employees or chats (made before
 * onboarding existed, or built by hand) skip it: a template team would duplicate what they set up
 * and use up room their plan's limits leave for their own employees and groups.
 */
export async function needsOnboarding(db: Db, userId: string, row?: FirstRunRow | null): Promise<boolean> {
  const state = row === undefined ? await firstRunOf(db, userId) : row;
  if (state?.onboardingStatus === "done") return false;
  if (state?.onboardingStatus) return true;
  return !(await hasWorkspace(db, userId));
}

function storedResult(row: FirstRunRow | null): OnboardingResult | null {
  return row?.onboardingStatus === "done" && row.onboardingResult ? (JSON.parse(row.onboardingResult) as OnboardingResult) : null;
}

async function ownVireNamed(db: Db, ownerId: string, name: string): Promise<VireRow | null> {
  const [row] = await db
    .select()
    .from(virtualEmployee)
    .where(and(eq(virtualEmployee.ownerId, ownerId), sql`lower(${virtualEmployee.name}) = lower(${name})`))
    .limit(1);
  return row ?? null;
}

/**
 * Sets up the purpose's virtual team: its template employees through the ordinary creation code
 * (so the plan's limit holds), then one group chat per employee (a group holds one VIRE). What a
 * limit holds back is reported, not refused: the user still gets the team their plan allows. An
 * employee of the same name that already exists (a retry after a failure) joins the team as it is.
 */
async function buildTeam(env: Env, db: Db, user: AuthUser, purposeId: PurposeId): Promise<OnboardingResult> {
  const membership = await currentMembership(db, user);
  if (!membership) throw new Error("onboarding: the user has no organization");
  const team = purposeTeam(purposeId);
  const limitedBy: OnboardingResult["limitedBy"] = [];
  const members: VireRow[] = [];
  const virtualEmployeesCreated: OnboardingVire[] = [];
  for (const templateId of team.templateIds) {
    const template = findTemplate(templateId);
    if (!template) throw new Error(`onboarding: template ${templateId} is missing`);
    const saved = await createVire(env, db, user, fieldsOfTemplate(template));
    if (saved.ok) {
      members.push(saved.row);
      virtualEmployeesCreated.push({ id: saved.row.id, name: saved.row.name, role: saved.row.role });
      continue;
    }
    if (saved.reason === "limit_reached") {
      limitedBy.push("virtualEmployees");
      break;
    }
    const existing = await ownVireNamed(db, user.id, template.name);
    if (existing) members.push(existing);
  }
  const groupChatsCreated: OnboardingGroup[] = [];
  for (const vire of members) {
    const name = `${team.title}: ${vire.name}`;
    const created = await createGroup(env, db, user, membership.org.id, {
      name,
      description: vire.description,
      participants: [{ id: vire.id, type: "virtual_employee" }],
    });
    if (created.ok) {
      groupChatsCreated.push({ id: created.row.id, name: created.row.name, virtualEmployeeId: vire.id });
      continue;
    }
    if (created.reason !== "limit_reached") throw new Error(`onboarding: group refused (${created.reason})`);
    limitedBy.push("groupChats");
    break;
  }
  return {
    purposeId,
    purposeTitle: team.title,
    results: { virtualEmployeesCreated, groupChatsCreated },
    limitedBy,
    completedAt: new Date().toISOString(),
  };
}

/** Runs the onboarding once per user; a repeated request gets the first result back, whatever purpose it names. */
export async function runOnboarding(env: Env, db: Db, user: AuthUser, purposeId: PurposeId): Promise<OnboardingOutcome> {
  const before = await firstRunOf(db, user.id);
  const done = storedResult(before);
  if (done) return { ok: true, result: done };
  if (!(await needsOnboarding(db, user.id, before))) return { ok: false, reason: "not_needed" };
  if (!(await claimOnboarding(db, user.id, purposeId))) {
    const other = storedResult(await firstRunOf(db, user.id));
    return other ? { ok: true, result: other } : { ok: false, reason: "in_progress" };
  }
  try {
    const result = await buildTeam(env, db, user, purposeId);
    await finishOnboarding(db, user.id, JSON.stringify(result));
    return { ok: true, result };
  } catch (err) {
    console.error("onboarding failed", user.id, err);
    await failOnboarding(db, user.id);
    return { ok: false, reason: "failed" };
  }
}
