import { eq } from "drizzle-orm";
import type { AnalysisFileDetail, AnalysisFileType, DeepResearchButtonStatus, DeepResearchSession, PodcastStatus, SummaryResult } from "../../contract";
import type { Db } from "../db/client";
import { analysisPodcast, analysisSummary, analysisTranscript, deepResearch } from "../db/schema";
import { sourceOf, type AnalysisFileRow } from "./store";

export type SummaryRow = typeof analysisSummary.$inferSelect;
export type ResearchRow = typeof deepResearch.$inferSelect;

export type MediaKind = "original" | "audio" | "podcast" | "srt";
export const mediaUrl = (fileId: string, kind: MediaKind) => `/api/v1/file-index/${fileId}/media/${kind}`;

/** The original bytes: from R2 once stored; a project file not yet copied is read through the project's own raw-file route. */
function originalUrl(row: AnalysisFileRow): string {
  if (row.r2Key || !row.projectId) return mediaUrl(row.id, "original");
  return `/api/coding-projects/${row.projectId}/file-raw?filePath=${encodeURIComponent(row.filePath ?? "")}`;
}

/** Session 0 never asked or 3 failed: start; 1 generating: 3; 2 done: 1 (spec §4's button states). */
export function researchButton(status: number): DeepResearchButtonStatus {
  return status === 1 ? 3 : status === 2 ? 1 : 0;
}

export function toSummaryResult(row: SummaryRow): SummaryResult {
  return { title: row.title, md: row.md, md2: row.md2, mind: row.mind, mind2: row.mind2, aha: row.aha };
}

export function toResearchSession(row: ResearchRow, fileName: string): DeepResearchSession {
  return {
    sessionId: row.id,
    status: row.status === 1 ? 1 : 2,
    question: row.question,
    answer: row.status === 2 ? row.answer : "",
    fileName,
    shared: row.shared,
    error: row.status === 3 ? row.error : null,
  };
}

/** Spec §3's recording and local file detail in one answer. */
export async function fileDetail(db: Db, row: AnalysisFileRow): Promise<AnalysisFileDetail> {
  const [transcript, summary, podcast, research] = await Promise.all([
    db.select({ id: analysisTranscript.id }).from(analysisTranscript).where(eq(analysisTranscript.fileId, row.id)).limit(1),
    db.select({ id: analysisSummary.id }).from(analysisSummary).where(eq(analysisSummary.fileId, row.id)).limit(1),
    db.select().from(analysisPodcast).where(eq(analysisPodcast.fileId, row.id)).limit(1),
    db.select().from(deepResearch).where(eq(deepResearch.fileId, row.id)).limit(1),
  ]);
  const url = originalUrl(row);
  const recording = row.fileType !== "local_file";
  const pod = podcast[0];
  const ready = pod?.status === 2;
  const summaryId = summary[0]?.id ?? null;
  return {
    fileId: row.id,
    fileName: row.name,
    fileType: row.fileType as AnalysisFileType,
    mimeType: row.mimeType,
    size: row.size,
    source: sourceOf(row),
    createdAt: row.createdAt.toISOString(),
    url,
    transcodeStatus: recording ? ((row.transcodeStatus ?? "ing") as AnalysisFileDetail["transcodeStatus"]) : null,
    transcribeStatus: recording ? ((row.transcribeStatus ?? 0) as AnalysisFileDetail["transcribeStatus"]) : null,
    transcribeId: transcript[0]?.id ?? null,
    formatUrl: row.formatKey ? (row.formatKey === row.r2Key ? url : mediaUrl(row.id, "audio")) : null,
    duration: row.duration,
    language: row.language,
    keywords: row.keywords,
    setUpStatus: recording ? null : ((row.setUpStatus ?? 1) as AnalysisFileDetail["setUpStatus"]),
    fileUrl: recording ? null : url,
    summaryId,
    summaryTaskId: summaryId,
    summaryStatus: row.summaryStatus as AnalysisFileDetail["summaryStatus"],
    deepResearchStatus: researchButton(research[0]?.status ?? 0),
    dprSessionId: research[0]?.id ?? null,
    podcastStatus: (pod?.status ?? 0) as PodcastStatus,
    podcastUrl: ready ? mediaUrl(row.id, "podcast") : null,
    srtUrl: ready ? mediaUrl(row.id, "srt") : null,
    webSrtUrl: ready ? mediaUrl(row.id, "srt") : null,
    podcastDuration: ready ? pod.durationMs : null,
    podcastTime: ready ? pod.updatedAt.toISOString() : null,
    podcastError: pod?.status === 3 ? pod.error : null,
    problem: row.problemCode ? { code: row.problemCode as "no_model" | "no_speech" | "failed", message: row.problemMessage ?? "" } : null,
  };
}
