import type { AnalysisSource } from "../../contract";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { enqueueStep, type AnalysisStep } from "../jobs/analysis/job";
import { contentTypeForName } from "./media-types";
import { analysisKindOf } from "./kinds";
import { hasLanguageModel } from "./model-json";
import { speechProvider } from "./speech-providers";
import { createAnalysis, kindOfRow, problemPatch, restartAnalysis, updateRun, type AnalysisFileRow, type NewAnalysis } from "./store";

function firstStep(row: AnalysisFileRow): AnalysisStep {
  return kindOfRow(row).kind === "recording" ? "transcode" : "extract";
}

/**
 * Makes the analysed file of a source and queues its first step (recordings: transcode, documents:
 * extract); a source that already has one is left as it is, unless `refresh` starts it over.
 */
export async function startAnalysis(env: Env, db: Db, input: NewAnalysis, refresh = false): Promise<AnalysisFileRow> {
  const { row, created } = await createAnalysis(db, input);
  if (created) {
    await enqueueStep(env, firstStep(row), row.id, row.runId);
    return row;
  }
  if (!refresh) return row;
  // New bytes (a project file uploaded again) are copied again; a chat attachment's bytes never change.
  const fresh = await restartAnalysis(db, row, row.projectId ? { r2Key: null, size: input.size || row.size } : {});
  await enqueueStep(env, firstStep(fresh), fresh.id, fresh.runId);
  return fresh;
}

/**
 * A step that waited for a setting (no language model, no speech provider) goes on once the
 * setting is there: the viewer's next poll of the detail finds the problem gone and the step queued.
 */
export async function resumeIfConfigured(env: Env, db: Db, row: AnalysisFileRow): Promise<AnalysisFileRow> {
  const step: AnalysisStep | null =
    row.problemCode === "no_model" && hasLanguageModel(env) ? "summarise" : row.problemCode === "no_speech" && speechProvider(env) ? "transcribe" : null;
  if (!step) return row;
  if (!(await updateRun(db, row.id, row.runId, problemPatch(null)))) return row;
  await enqueueStep(env, step, row.id, row.runId);
  return { ...row, problemCode: null, problemMessage: null };
}

/**
 * Upload triggers: analysing must never fail or slow the upload, so a failure here is logged and the
 * user can start the analysis from the viewer (POST /analyze).
 */
export async function analyseUploaded(env: Env, db: Db, input: Omit<NewAnalysis, "mimeType"> & { mimeType?: string }, refresh: boolean): Promise<void> {
  if (!analysisKindOf(input.name)) return;
  try {
    await startAnalysis(env, db, { ...input, mimeType: input.mimeType ?? contentTypeForName(input.name) }, refresh);
  } catch (err) {
    console.error("analysis: could not start the analysis of an upload", input.name, err);
  }
}

export type { AnalysisSource };
