import type { Env } from "../../env";
import { budgetOf } from "./budget";
import { removeKnowledgeFiles, removeWorkspaces } from "./pending";
import { sweepAnalysis, sweepAttachments, sweepUploads } from "./r2-orphans";
import { removeExpiredInvitations, removeStaleSandboxes } from "./rows";

export interface CleanupRemoved {
  attachments: number;
  /** Transcoded audio, extracted text, podcasts and subtitles of analysed files that are gone. */
  analysis: number;
  uploads: number;
  knowledgeFiles: number;
  workspaces: number;
  invitations: number;
  sandboxRecords: number;
}

export interface CleanupJobsReport {
  removed: CleanupRemoved;
  /** Objects and records this run looked at, out of CLEANUP_MAX_OBJECTS. */
  budget: { max: number; used: number };
  /** Jobs that threw; the others still ran, and the failed ones resume next run. */
  failed: (keyof CleanupRemoved)[];
}

/**
 * The unreferenced-data jobs of the cron, in an order where each sees the previous one's work:
 * tombstoned knowledge objects before the upload sweep (so they are counted as knowledge files),
 * cheap D1 deletes first so a slow sandbox host cannot starve them of the run's budget.
 */
export async function runCleanupJobs(env: Env, now = Date.now()): Promise<CleanupJobsReport> {
  const budget = budgetOf(env.CLEANUP_MAX_OBJECTS);
  const max = budget.left;
  const removed: CleanupRemoved = { attachments: 0, analysis: 0, uploads: 0, knowledgeFiles: 0, workspaces: 0, invitations: 0, sandboxRecords: 0 };
  const failed: (keyof CleanupRemoved)[] = [];
  const jobs: [keyof CleanupRemoved, () => Promise<number>][] = [
    ["invitations", () => removeExpiredInvitations(env, budget, now)],
    ["sandboxRecords", () => removeStaleSandboxes(env, budget, now)],
    ["knowledgeFiles", () => removeKnowledgeFiles(env, budget)],
    ["attachments", () => sweepAttachments(env, budget)],
    ["analysis", () => sweepAnalysis(env, budget)],
    ["uploads", () => sweepUploads(env, budget, now)],
    ["workspaces", () => removeWorkspaces(env, budget)],
  ];
  for (const [name, job] of jobs) {
    try {
      removed[name] = await job();
    } catch (err) {
      failed.push(name);
      console.error(`cleanup: ${name} failed`, err instanceof Error ? err.message : err);
    }
  }
  return { removed, budget: { max, used: max - budget.left }, failed };
}
