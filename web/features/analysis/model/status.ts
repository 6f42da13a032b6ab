import { RECORDING_FILE_TYPES, type AnalysisFileDetail } from "../../../../contract/analysis";

export type AnalysisMode = "summary" | "transcription" | "preview" | "mindmap" | "aha" | "research" | "podcast";

/** Spec §2.4: recordings get Transcription, every other file Preview in its place. */
export function isRecording(detail: Pick<AnalysisFileDetail, "fileType">): boolean {
  return (RECORDING_FILE_TYPES as readonly string[]).includes(detail.fileType);
}

export function modesOf(detail: Pick<AnalysisFileDetail, "fileType">): AnalysisMode[] {
  const second: AnalysisMode = isRecording(detail) ? "transcription" : "preview";
  return ["summary", second, "mindmap", "aha", "research", "podcast"];
}

/**
 * What a mode can show now. `transcoding`: the recording is being converted (2-5 minutes);
 * `processing`: a step is running; `problem`: a step waits on something the user must fix (the
 * detail's `problem`, e.g. no language model); `failed`: a step failed, Retry analyses again.
 */
export type ModeState = "ready" | "transcoding" | "processing" | "problem" | "failed";

/**
 * A transcoder that gave up (transcodeStatus "fail") is not a failed analysis: the pipeline then
 * transcribes the original bytes, so only the transcription and the set-up decide.
 */
function failed(detail: AnalysisFileDetail): boolean {
  return detail.transcribeStatus === 3 || detail.setUpStatus === 3;
}

/** The transcript's state (recordings). */
function transcriptState(detail: AnalysisFileDetail): ModeState {
  if (detail.transcribeStatus === 3) return "failed";
  if (detail.transcodeStatus === "ing") return "transcoding";
  if (detail.transcribeStatus === 2) return "ready";
  return detail.problem ? "problem" : "processing";
}

/** The summary's state, which the mind map, the insight cards and deep research wait on too. */
function summaryState(detail: AnalysisFileDetail): ModeState {
  if (detail.summaryStatus === 2) return "ready";
  if (detail.summaryStatus === 3 || failed(detail)) return detail.problem && detail.problem.code !== "failed" ? "problem" : "failed";
  if (detail.problem) return "problem";
  if (detail.transcodeStatus === "ing") return "transcoding";
  return "processing";
}

export function modeState(detail: AnalysisFileDetail, mode: AnalysisMode): ModeState {
  switch (mode) {
    case "transcription":
      return transcriptState(detail);
    case "preview":
      return "ready";
    case "podcast":
      // The podcast panel shows its own states (generate, generating, ready) once a summary exists.
      return summaryState(detail);
    default:
      return summaryState(detail);
  }
}

/**
 * Whether anything is still under way, so the detail is worth asking for again. A step blocked by
 * a `problem` is not under way: it waits on the user, and polling would only spin.
 */
export function isProcessing(detail: AnalysisFileDetail): boolean {
  if (detail.podcastStatus === 1 || detail.deepResearchStatus === 3) return true;
  if (detail.problem || failed(detail)) return false;
  if (detail.transcodeStatus === "ing" || detail.transcribeStatus === 0 || detail.transcribeStatus === 1) return true;
  if (detail.setUpStatus === 1) return true;
  return detail.summaryStatus === 0 || detail.summaryStatus === 1;
}

/** How often the detail is asked for while something is under way. */
export const DETAIL_POLL_MS = 3000;
