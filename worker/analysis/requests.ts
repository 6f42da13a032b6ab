import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { analysisPodcast, deepResearch } from "../db/schema";
import type { Env } from "../env";
import { ApiError } from "../lib/envelope";
import { newId } from "../lib/ids";
import { enqueueStep } from "../jobs/analysis/job";
import { PROVIDER_SETTINGS_HINT } from "../agents/models";
import { hasLanguageModel } from "./model-json";
import { SPEECH_SETTINGS_HINT, speechProvider } from "./speech-providers";
import type { AnalysisFileRow } from "./store";
import type { ResearchRow } from "./detail";

/**
 * A request still "generating" after this long lost its job (a queue outage, a deploy mid-run): asking
 * again starts it over instead of waiting forever. Longer than a step's retries take (10+20+40+80 s) plus its work.
 */
export const GENERATING_STALE_MS = 30 * 60_000;

const generating = (status: number, updatedAt: Date) => status === 1 && Date.now() - updatedAt.getTime() < GENERATING_STALE_MS;

/** Podcast and research read the transcript or the extracted text, so they wait for it. */
function requireSourceReady(row: AnalysisFileRow): void {
  const ready = row.fileType === "local_file" ? row.setUpStatus === 2 : row.transcribeStatus === 2;
  if (!ready) throw new ApiError(409, "The file is still being analysed; try again when its transcript or text is ready");
}

function requireModel(env: Env): void {
  if (!hasLanguageModel(env)) throw new ApiError(409, PROVIDER_SETTINGS_HINT);
}

/** Starts a podcast (spec §4 "generate"); while one is being made, asking again changes nothing (unless it went stale). */
export async function requestPodcast(env: Env, db: Db, row: AnalysisFileRow): Promise<void> {
  requireSourceReady(row);
  requireModel(env);
  if (!speechProvider(env)) throw new ApiError(409, SPEECH_SETTINGS_HINT);
  const [current] = await db.select().from(analysisPodcast).where(eq(analysisPodcast.fileId, row.id)).limit(1);
  if (current && generating(current.status, current.updatedAt)) return;
  const runId = newId("run");
  const values = { status: 1, runId, error: null, updatedAt: new Date() };
  await db
    .insert(analysisPodcast)
    .values({ fileId: row.id, ...values })
    .onConflictDoUpdate({ target: analysisPodcast.fileId, set: values });
  await enqueueStep(env, "podcast", row.id, runId);
}

export async function researchById(db: Db, sessionId: string): Promise<ResearchRow | null> {
  if (!/^dpr_[a-f0-9]{32}$/.test(sessionId)) return null;
  return (await db.select().from(deepResearch).where(eq(deepResearch.id, sessionId)).limit(1))[0] ?? null;
}

/** Starts a report for `question` (spec §7.4); while one is being written, the session is answered as it is. */
export async function requestResearch(env: Env, db: Db, row: AnalysisFileRow, session: ResearchRow, question: string): Promise<ResearchRow> {
  if (generating(session.status, session.updatedAt)) return session;
  requireSourceReady(row);
  requireModel(env);
  const runId = newId("run");
  const [updated] = await db
    .update(deepResearch)
    .set({ status: 1, runId, question, answer: "", error: null, updatedAt: new Date() })
    .where(eq(deepResearch.id, session.id))
    .returning();
  await enqueueStep(env, "research", row.id, runId);
  return updated ?? session;
}

/** Only the file's owner shares its research; anyone else who may see the file is refused, outsiders never learn it exists. */
export async function shareResearch(db: Db, row: AnalysisFileRow, session: ResearchRow, userId: string, shared: boolean): Promise<ResearchRow> {
  if (row.ownerId !== userId) throw new ApiError(403, "Only the person who added this file can share its research");
  const [updated] = await db.update(deepResearch).set({ shared, updatedAt: new Date() }).where(eq(deepResearch.id, session.id)).returning();
  return updated ?? session;
}
