import type { Env } from "../../env";
import { getDb } from "../../db/client";
import { NoModelError } from "../../analysis/model-json";
import { ProviderError } from "../../analysis/speech-providers";
import { fileById } from "../../analysis/store";
import { ANALYSIS_MAX_ATTEMPTS, AnalysisJob, type AnalysisStep, type Step } from "./job";
import { extractStep } from "./document";
import { transcodeStep, transcribeStep } from "./recording";
import { insightsStep, summariseStep } from "./summary";
import { podcastStep } from "./podcast";
import { researchStep } from "./research";

export { AnalysisJob };

const STEPS: Record<AnalysisStep, Step> = {
  transcode: transcodeStep,
  transcribe: transcribeStep,
  extract: extractStep,
  summarise: summariseStep,
  insights: insightsStep,
  podcast: podcastStep,
  research: researchStep,
};

/** Podcast and research carry their own request's run; the other steps the file's. */
const OWN_RUN = new Set<AnalysisStep>(["podcast", "research"]);

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * Runs one step of one file. A failure that a retry may fix (a provider's 5xx, a timeout, a lost
 * connection, a storage hiccup) is thrown back so the queue retries it with backoff; the last
 * attempt, or a failure no retry fixes, is recorded on the file as failed and the message acked.
 */
export async function runAnalysisJob(env: Env, job: AnalysisJob, attempts: number): Promise<void> {
  const db = getDb(env.DB);
  const file = await fileById(db, job.fileId);
  if (!file) return;
  if (!OWN_RUN.has(job.step) && file.runId !== job.runId) return;
  const step = STEPS[job.step];
  const ctx = { env, db, file, job };
  try {
    await step.run(ctx);
  } catch (err) {
    const permanent = (err instanceof ProviderError && !err.retryable) || err instanceof NoModelError;
    if (!permanent && attempts < ANALYSIS_MAX_ATTEMPTS) throw err;
    console.error("analysis: step failed", job.step, file.id, `attempt ${attempts}`, messageOf(err));
    await step.fail(ctx, messageOf(err));
  }
}
