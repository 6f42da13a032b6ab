// Limits and tool locations of the speech service, from the environment with safe defaults.
import path from "node:path";

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export type SpeechConfig = {
  /** Bearer key every request must carry; empty means no key is required (loopback development). */
  apiKey: string;
  /** Largest uploaded file, in bytes (OpenAI's own limit is 25 MB; recordings run longer). */
  maxUploadBytes: number;
  /** Longest audio decoded or transcoded, in seconds; longer inputs are refused rather than silently cut. */
  maxDurationSeconds: number;
  /** Jobs (ffmpeg, espeak-ng, pocketsphinx runs) at once, and how many requests may wait for a turn. */
  maxActiveJobs: number;
  maxQueuedRequests: number;
  /**
   * Audio longer than this is recognised with narrower beams: about twice as fast, fewer words right
   * (86% → 75% on a 3-minute test), so long meetings come back in about half the time.
   */
  fastAfterSeconds: number;
  /** pocketsphinx's acoustic model, language model and dictionary (Debian's pocketsphinx-en-us). */
  modelDir: string;
  /** Where each request's private temporary folder is made. */
  tmpDir: string;
};

export function configFromEnv(tmpDir: string): SpeechConfig {
  return {
    apiKey: process.env.SPEECH_API_KEY ?? "",
    maxUploadBytes: positiveNumber("SPEECH_MAX_UPLOAD_MB", 50) * 1024 * 1024,
    maxDurationSeconds: positiveNumber("SPEECH_MAX_DURATION_SECONDS", 3 * 3600),
    maxActiveJobs: Math.max(1, Math.floor(positiveNumber("SPEECH_MAX_JOBS", 2))),
    maxQueuedRequests: Math.floor(positiveNumber("SPEECH_MAX_QUEUE", 20)),
    fastAfterSeconds: positiveNumber("SPEECH_FAST_AFTER_SECONDS", 15 * 60),
    modelDir: path.resolve(process.env.SPEECH_MODEL_DIR || "/usr/share/pocketsphinx/model/en-us"),
    tmpDir: path.resolve(process.env.SPEECH_TMPDIR || tmpDir),
  };
}
