import * as v from "valibot";

/**
 * File analysis (spec 03 §2.4, §3 "Recording file detail" … "Deep research result", §4 "Analysis
 * viewer", §7.4): a recording or a document uploaded to a project or a chat becomes an analysed file
 * with a transcript (recordings), a summary, a mindmap, insight cards, a deep-research report and a
 * podcast. The Worker runs each step as an idempotent Queue job; the viewer polls these answers.
 */

/** Where an analysed file came from: a chat attachment or a file of a coding project. */
export type AnalysisSource = { kind: "chat"; chatId: string; attachmentId: string } | { kind: "project"; projectId: string; filePath: string };

/** Recordings (spec §3: start_recording, recording_file, upload_recording) against everything else ("local file"). */
export const RECORDING_FILE_TYPES = ["start_recording", "recording_file", "upload_recording"] as const;
export type AnalysisFileType = (typeof RECORDING_FILE_TYPES)[number] | "local_file";

/** Extensions the pipeline takes: audio and video become recordings, documents local files. */
export const ANALYSIS_AUDIO_EXTENSIONS = ["mp3", "wav", "m4a", "ogg", "oga", "opus", "flac", "aac", "webm"] as const;
export const ANALYSIS_VIDEO_EXTENSIONS = ["mp4", "mov", "mkv", "webm", "m4v"] as const;
export const ANALYSIS_DOCUMENT_EXTENSIONS = ["pdf", "txt", "md", "docx"] as const;

/** Transcoding (spec: "ing", "suc"; "fail" is ours, when the transcoder gave up after its retries). */
export type TranscodeStatus = "ing" | "suc" | "fail";
/** 0 pending, 1 processing, 2 success, 3 failed (spec §3). */
export type TranscribeStatus = 0 | 1 | 2 | 3;
/** Local files: 1 processing, 2 success, 3 failed (spec §3). */
export type SetUpStatus = 1 | 2 | 3;
/** Podcast (spec §4): 0, 3 or missing is empty with a generate button; 1 generating; 2 ready. */
export type PodcastStatus = 0 | 1 | 2 | 3;
/** Deep research button (spec §4): 0 shows start, 1 has a result, 3 is generating. */
export type DeepResearchButtonStatus = 0 | 1 | 3;

export interface TranscriptSegment {
  /** "Speaker 1", "Speaker 2" …, or the provider's own label. */
  speaker: string;
  /** Seconds from the start. */
  start: number;
  end: number;
  text: string;
}

/** A section of an insight card: its kind decides how the viewer shows msg (svg is sanitised before it is shown). */
export interface AhaSection {
  type: "text" | "markdown" | "svg";
  msg: string;
  hidden?: boolean;
}

export interface AhaCard {
  type: "aha" | "aha2" | "report";
  content: { query: AhaSection; reason: AhaSection; answer: AhaSection };
}

/** Summary result (spec §3): md/md2 markdown summaries, mind/mind2 the mindmap as a markdown outline. */
export interface SummaryResult {
  title: string;
  md: string;
  md2: string;
  mind: string;
  mind2: string;
  aha: AhaCard[];
}

/** Why a step is waiting or failed, in words the viewer shows (null while all is well). */
export interface AnalysisProblem {
  /** "no_model": no language model is configured; "no_speech": no speech provider; "failed": a step failed for good. */
  code: "no_model" | "no_speech" | "failed";
  message: string;
}

/** `GET /api/v1/file-index/file-detail/{id}`: spec §3's recording and local file detail in one answer. */
export interface AnalysisFileDetail {
  fileId: string;
  fileName: string;
  fileType: AnalysisFileType;
  mimeType: string;
  size: number;
  source: AnalysisSource;
  createdAt: string;
  /** The original bytes (a same-origin API path). */
  url: string;
  // Recordings
  transcodeStatus: TranscodeStatus | null;
  transcribeStatus: TranscribeStatus | null;
  transcribeId: string | null;
  /** A browser-playable copy once transcoded (the original where none was needed). */
  formatUrl: string | null;
  /** Seconds. */
  duration: number | null;
  language: string | null;
  keywords: string[];
  // Local files
  setUpStatus: SetUpStatus | null;
  fileUrl: string | null;
  // Both
  summaryId: string | null;
  summaryTaskId: string | null;
  /** 0 none, 1 processing, 2 done, 3 failed. */
  summaryStatus: 0 | 1 | 2 | 3;
  deepResearchStatus: DeepResearchButtonStatus;
  dprSessionId: string | null;
  podcastStatus: PodcastStatus;
  podcastUrl: string | null;
  srtUrl: string | null;
  webSrtUrl: string | null;
  /** Milliseconds (spec §9: shown as m:ss). */
  podcastDuration: number | null;
  podcastTime: string | null;
  /** Why the last podcast request failed (podcastStatus 3), in words the viewer may show; added after the first contract. */
  podcastError?: string | null;
  problem: AnalysisProblem | null;
}

/** `GET /api/v1/task/transcribe/detail/{id}`. */
export interface TranscribeDetail {
  id: string;
  fileId: string;
  status: TranscribeStatus;
  language: string | null;
  duration: number | null;
  segments: TranscriptSegment[];
}

/** `GET /api/v1/task/summary/detail/{id}`. */
export interface SummaryDetail {
  id: string;
  fileId: string;
  status: 0 | 1 | 2 | 3;
  result: SummaryResult | null;
}

/** `GET /api/v1/file-index/lookup?chatId&attachmentId` or `?projectId&filePath`: the analysed file of a source, if any. */
export interface AnalysisLookup {
  fileId: string | null;
}

export const AnalysisLookupQuery = v.union([
  v.object({ chatId: v.pipe(v.string(), v.minLength(1)), attachmentId: v.pipe(v.string(), v.minLength(1)) }),
  v.object({ projectId: v.pipe(v.string(), v.minLength(1)), filePath: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)) }),
]);

/** `POST /api/v1/file-index/analyze`: analyse a chat attachment or a project file (again, with refresh). */
export const AnalyzeBody = v.union([
  v.object({ chatId: v.pipe(v.string(), v.minLength(1)), attachmentId: v.pipe(v.string(), v.minLength(1)), refresh: v.optional(v.boolean()) }),
  v.object({
    projectId: v.pipe(v.string(), v.minLength(1)),
    filePath: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)),
    refresh: v.optional(v.boolean()),
  }),
]);

/** Feedback (spec §3): likeOrStep 1 like, -1 dislike, 0 cleared. */
export const FeedbackAddBody = v.object({
  taskId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  feedbackType: v.picklist(["summary", "transcript", "mindmap", "aha", "research", "podcast"]),
  content: v.optional(v.pipe(v.string(), v.maxLength(2000)), ""),
  likeOrStep: v.picklist([1, -1, 0]),
  tag: v.optional(v.pipe(v.string(), v.maxLength(100)), ""),
});
export const FeedbackUpdateBody = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  content: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  likeOrStep: v.picklist([1, -1, 0]),
  tag: v.optional(v.pipe(v.string(), v.maxLength(100))),
});

export interface Feedback {
  id: string;
  taskId: string;
  feedbackType: string;
  content: string;
  likeOrStep: 1 | -1 | 0;
  tag: string;
}

/** The tags a dislike may carry (the feedback dialog's choices); the web words them in the reader's language. */
export const FEEDBACK_TAGS = ["inaccurate", "incomplete", "irrelevant", "hard_to_read", "other"] as const;

/** `POST /api/v1/deep/research/query` (spec §7.4). */
export const DeepResearchQueryBody = v.object({
  sessionId: v.pipe(v.string(), v.minLength(1, "A session id is required")),
  sessionType: v.picklist([6, 9]),
  question: v.pipe(v.string(), v.trim(), v.minLength(1, "A question is required"), v.maxLength(2000)),
  msgId: v.optional(v.string()),
  outline: v.optional(v.string()),
  source: v.optional(v.literal(3)),
});

/** `GET /api/v1/deep/research/info/btn?sessionId`. */
export interface DeepResearchButton {
  status: DeepResearchButtonStatus;
}

/** `GET /api/v1/deep/research/info/session?sessionId` and its share-mode twin (spec §3: 1 generating, 2 done). */
export interface DeepResearchSession {
  sessionId: string;
  status: 1 | 2;
  question: string;
  /** The report, markdown; empty while generating. */
  answer: string;
  fileName: string;
  shared: boolean;
  /** Why the last request failed (the button is back at 0); added after the first contract. */
  error?: string | null;
}

/** Spec §2.4 and §9: the viewer's fixed values. */
export const ANALYSIS_PLAYBACK_SPEEDS = [0.75, 1.0, 1.25, 1.5, 1.75, 2.0] as const;
export const ANALYSIS_SKIP_SECONDS = 1;
export const DEEP_RESEARCH_POLL_MS = 5000;
export const DEEP_RESEARCH_START_LOCK_MS = 5000;
export const MINDMAP_HEIGHT_PX = 600;
export const MINDMAP_PNG_SCALE = 2;
/** Largest file the pipeline analyses (the chat attachment limit). */
export const ANALYSIS_MAX_BYTES = 50 * 1024 * 1024;
