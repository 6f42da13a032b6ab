import * as v from "valibot";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { AnalysisFileRow } from "../../analysis/store";

/** The steps of spec 03 §2.4's pipeline; podcast and research run only when asked for. */
export const ANALYSIS_STEPS = ["transcode", "transcribe", "extract", "summarise", "insights", "podcast", "research"] as const;
export type AnalysisStep = (typeof ANALYSIS_STEPS)[number];

/**
 * One step for one file. `runId` is the file's run (or, for podcast and research, that request's
 * run): a job of an older run finds a different one and does nothing.
 */
export const AnalysisJob = v.object({
  type: v.literal("analysis"),
  step: v.picklist(ANALYSIS_STEPS),
  fileId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  runId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
});
export type AnalysisJob = v.InferOutput<typeof AnalysisJob>;

/**
 * Provider failures are retried with the queue's backoff (10 s, 20 s, 40 s, 80 s); the fifth failed
 * attempt marks the step failed. Below wrangler.toml's max_retries, so the message is never dropped first.
 */
export const ANALYSIS_MAX_ATTEMPTS = 5;

export interface StepContext {
  env: Env;
  db: Db;
  file: AnalysisFileRow;
  job: AnalysisJob;
}

export interface Step {
  run(ctx: StepContext): Promise<void>;
  /** After the last attempt, or at once for a failure no retry can fix: record it where the viewer shows it. */
  fail(ctx: StepContext, message: string): Promise<void>;
}

export function analysisJob(step: AnalysisStep, fileId: string, runId: string): AnalysisJob {
  return { type: "analysis", step, fileId, runId };
}

/** Queues the next step; never waits for it. */
export async function enqueueStep(env: Env, step: AnalysisStep, fileId: string, runId: string): Promise<void> {
  await env.JOBS.send(analysisJob(step, fileId, runId));
}
