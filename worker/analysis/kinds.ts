import { ANALYSIS_AUDIO_EXTENSIONS, ANALYSIS_DOCUMENT_EXTENSIONS, ANALYSIS_VIDEO_EXTENSIONS, type AnalysisFileType } from "../../contract";
import { extensionOf } from "../lib/file-content-type";

export type DocumentKind = (typeof ANALYSIS_DOCUMENT_EXTENSIONS)[number];

/** What the pipeline does with a file, from its name: recordings are transcribed, documents read. */
export type AnalysisKind = { kind: "recording"; ext: string } | { kind: "document"; ext: DocumentKind };

const RECORDING = new Set<string>([...ANALYSIS_AUDIO_EXTENSIONS, ...ANALYSIS_VIDEO_EXTENSIONS]);
const DOCUMENT = new Set<string>(ANALYSIS_DOCUMENT_EXTENSIONS);

export function analysisKindOf(fileName: string): AnalysisKind | null {
  const ext = extensionOf(fileName);
  if (ext === "markdown") return { kind: "document", ext: "md" };
  if (RECORDING.has(ext)) return { kind: "recording", ext };
  if (DOCUMENT.has(ext)) return { kind: "document", ext: ext as DocumentKind };
  return null;
}

/** Uploaded recordings are "upload_recording" (spec §3); everything else is a local file. */
export function fileTypeOf(kind: AnalysisKind): AnalysisFileType {
  return kind.kind === "recording" ? "upload_recording" : "local_file";
}

/** Formats every current browser plays in an <audio>/<video> element, so they need no transcoding. */
const PLAYABLE = new Set(["mp3", "wav", "m4a", "ogg", "oga", "webm", "mp4"]);

export function isBrowserPlayable(fileName: string): boolean {
  return PLAYABLE.has(extensionOf(fileName));
}

/** R2 keys of what the pipeline writes for a file; the cleanup job sweeps the prefix once the file row is gone. */
export const ANALYSIS_PREFIX = "analysis/";
export const analysisKeys = (fileId: string) => ({
  original: `${ANALYSIS_PREFIX}${fileId}/original`,
  audio: `${ANALYSIS_PREFIX}${fileId}/audio.mp3`,
  text: `${ANALYSIS_PREFIX}${fileId}/text.txt`,
  podcast: `${ANALYSIS_PREFIX}${fileId}/podcast.mp3`,
  srt: `${ANALYSIS_PREFIX}${fileId}/podcast.srt`,
});
