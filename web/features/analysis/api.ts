import useSWR from "swr";
import {
  type AnalysisFileDetail,
  type AnalysisLookup,
  type AnalysisSource,
  type DeepResearchButton,
  type DeepResearchSession,
  type Feedback,
  type SummaryDetail,
  type TranscribeDetail,
  DEEP_RESEARCH_POLL_MS,
} from "../../../contract/analysis";
import { api } from "../../app/api/client";
import { apiHeaders } from "../../app/api/headers";
import { silentFetcher } from "../../app/api/swr";
import { DETAIL_POLL_MS, isProcessing } from "./model/status";

/** The analysis calls (spec §7.4, contract/analysis.ts). Views show their own errors, so every call is quiet. */
const quiet = { silent: true } as const;
const id = (value: string) => encodeURIComponent(value);

export const ANALYSIS_KEYS = {
  detail: (fileId: string) => `/api/v1/file-index/file-detail/${id(fileId)}`,
  transcribe: (transcribeId: string) => `/api/v1/task/transcribe/detail/${id(transcribeId)}`,
  summary: (summaryId: string) => `/api/v1/task/summary/detail/${id(summaryId)}`,
  researchButton: (sessionId: string) => ["/api/v1/deep/research/info/btn", { sessionId }] as const,
  researchSession: (sessionId: string, shared: boolean) =>
    [shared ? "/api/share/research/info/session" : "/api/v1/deep/research/info/session", { sessionId }] as const,
};

/** The query of a source: a chat's attachment or a project's file. */
export function sourceParams(source: AnalysisSource): Record<string, string> {
  return source.kind === "chat" ? { chatId: source.chatId, attachmentId: source.attachmentId } : { projectId: source.projectId, filePath: source.filePath };
}

export function lookupAnalysis(source: AnalysisSource): Promise<AnalysisLookup> {
  return api.get<AnalysisLookup>("/api/v1/file-index/lookup", sourceParams(source), quiet);
}

/** Starts (or, with `refresh`, restarts) the analysis of a source; answers its detail. */
export function analyze(source: AnalysisSource, refresh = false): Promise<AnalysisFileDetail> {
  return api.post<AnalysisFileDetail>("/api/v1/file-index/analyze", { ...sourceParams(source), ...(refresh ? { refresh: true } : {}) }, quiet);
}

/** The detail, asked for again every few seconds while a step is under way, and no more once nothing is. */
export function useAnalysisDetail(fileId: string | null) {
  return useSWR<AnalysisFileDetail>(fileId ? ANALYSIS_KEYS.detail(fileId) : null, silentFetcher, {
    refreshInterval: (latest) => (latest && isProcessing(latest) ? DETAIL_POLL_MS : 0),
  });
}

export function useTranscript(transcribeId: string | null) {
  return useSWR<TranscribeDetail>(transcribeId ? ANALYSIS_KEYS.transcribe(transcribeId) : null, silentFetcher);
}

export function useSummary(summaryId: string | null) {
  return useSWR<SummaryDetail>(summaryId ? ANALYSIS_KEYS.summary(summaryId) : null, silentFetcher);
}

export function generatePodcast(fileId: string): Promise<AnalysisFileDetail> {
  return api.post<AnalysisFileDetail>(`/api/v1/file-index/podcast/${id(fileId)}`, {}, quiet);
}

export type FeedbackType = "summary" | "transcript" | "mindmap" | "aha" | "research" | "podcast";

export function addFeedback(body: { taskId: string; feedbackType: FeedbackType; likeOrStep: 1 | -1 | 0; content?: string; tag?: string }) {
  return api.post<Feedback>("/api/content/feedback/add", body, quiet);
}

export function updateFeedback(body: { id: string; likeOrStep: 1 | -1 | 0; content?: string; tag?: string }) {
  return api.post<Feedback>("/api/content/feedback/update", body, quiet);
}

/** The deep research button's status; polled every 5 s while the report is being written (spec §4). */
export function useResearchButton(sessionId: string | null, enabled = true) {
  return useSWR<DeepResearchButton>(sessionId && enabled ? ANALYSIS_KEYS.researchButton(sessionId) : null, silentFetcher, {
    refreshInterval: (latest) => (latest?.status === 3 ? DEEP_RESEARCH_POLL_MS : 0),
  });
}

/** The report; in share mode from the public route. Polled every 5 s while it is still being written. */
export function useResearchSession(sessionId: string | null, shared: boolean) {
  return useSWR<DeepResearchSession>(sessionId ? ANALYSIS_KEYS.researchSession(sessionId, shared) : null, silentFetcher, {
    refreshInterval: (latest) => (latest?.status === 1 ? DEEP_RESEARCH_POLL_MS : 0),
  });
}

export function startResearch(body: { sessionId: string; sessionType: 6 | 9; question: string; outline?: string }) {
  return api.post<unknown>("/api/v1/deep/research/query", { ...body, source: 3 }, quiet);
}

export function shareResearch(sessionId: string, shared: boolean) {
  return api.post<unknown>("/api/v1/deep/research/share", { sessionId, shared }, quiet);
}

/** A file the detail points at (the podcast's subtitles and audio): plain bytes with the session, not an envelope. */
export async function fetchFile(url: string, signal?: AbortSignal): Promise<Response> {
  const { Accept: _json, ...headers } = apiHeaders(false);
  const response = await fetch(url, { headers, credentials: "include", signal });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response;
}
