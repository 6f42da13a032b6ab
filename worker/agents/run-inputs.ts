import { projectStatement, toChatProject, type ChatProject } from "./coding/project";
import { profileStatement, toAgentProfile } from "./profile";
import type { AgentProfile } from "./prompt";
import { consumeAgentRequest, planStatement, type PlanRow } from "./quota";

export interface RunInputs {
  /** False when the requester's monthly quota is used up (or the requester is gone). */
  allowed: boolean;
  agent: AgentProfile | null;
  project: ChatProject | null;
}

/**
 * What a run reads from D1 before the model is asked: the requester's plan, the VIRE's profile and
 * the chat's project in one batch, then the quota is counted. Two round trips instead of a chain of
 * five: with many members asking at once, each one is time before their first token.
 */
export async function readRunInputs(db: D1Database, ask: { userId: string; chatId: string; vireId: string | null; withProject: boolean }): Promise<RunInputs> {
  const reads = new Map<"plan" | "profile" | "project", D1PreparedStatement>([["plan", planStatement(db, ask.userId)]]);
  if (ask.vireId) reads.set("profile", profileStatement(db, ask.vireId));
  if (ask.withProject) reads.set("project", projectStatement(db, ask.chatId));
  const results = await db.batch([...reads.values()]);
  const keys = [...reads.keys()];
  const first = <T>(key: "plan" | "profile" | "project"): T | undefined => results[keys.indexOf(key)]?.results[0] as T | undefined;
  const allowed = await consumeAgentRequest(db, ask.userId, first<PlanRow>("plan") ?? null);
  return { allowed, agent: toAgentProfile(first("profile")), project: toChatProject(first("project")) };
}
