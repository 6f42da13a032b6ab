// ffmpeg and ffprobe: reading whatever audio or video the caller sent, and writing the formats we
// answer with. Inputs are hostile: only plain media demuxers and the file protocol are allowed, so
// a playlist or concat script cannot make ffmpeg read other files or reach the network.
import fs from "node:fs/promises";
import path from "node:path";
import { run } from "./run.ts";
import { ApiError, undecodable } from "./errors.ts";

/** Demuxers of real media containers; excludes hls, concat, image2, tty, subtitles and the like. */
const DEMUXERS = "mov,mp3,wav,w64,ogg,matroska,flac,aac,aiff,amr,amrnb,amrwb,asf,avi,flv,mpegts,mpeg,caf,au,wv,ac3,eac3,dts,ape,tta,loas,voc";
const SAFE_INPUT = ["-nostdin", "-hide_banner", "-loglevel", "error", "-protocol_whitelist", "file", "-format_whitelist", DEMUXERS];
/** Reproducible headers: the 16 kHz wav then has exactly 44 header bytes before its samples. */
const BITEXACT = ["-map_metadata", "-1", "-fflags", "+bitexact", "-flags:a", "+bitexact"];
const FFMPEG_TIMEOUT_MS = 10 * 60_000;

export type OutputFormat = { codec: string[]; muxer: string; contentType: string };

/** What each answered format is made of (the speech endpoint's names are OpenAI's). */
export const FORMATS = {
  mp3: { codec: ["-c:a", "libmp3lame", "-q:a", "4"], muxer: "mp3", contentType: "audio/mpeg" },
  m4a: { codec: ["-c:a", "aac", "-b:a", "96k", "-movflags", "+faststart"], muxer: "ipod", contentType: "audio/mp4" },
  wav: { codec: ["-c:a", "pcm_s16le"], muxer: "wav", contentType: "audio/wav" },
  opus: { codec: ["-c:a", "libopus", "-b:a", "48k"], muxer: "ogg", contentType: "audio/ogg" },
  aac: { codec: ["-c:a", "aac", "-b:a", "96k"], muxer: "adts", contentType: "audio/aac" },
  flac: { codec: ["-c:a", "flac"], muxer: "flac", contentType: "audio/flac" },
  // OpenAI's pcm: raw 24 kHz 16-bit signed little-endian mono samples, no header.
  pcm: { codec: ["-c:a", "pcm_s16le", "-ar", "24000", "-ac", "1"], muxer: "s16le", contentType: "audio/pcm" },
} satisfies Record<string, OutputFormat>;

export type FormatName = keyof typeof FORMATS;

/** Turns ffmpeg's complaint into an answer the caller can act on. */
function inputError(stderr: string): ApiError {
  if (/matches no streams|does not contain any stream|Output file #0 does not contain/i.test(stderr))
    return new ApiError(400, "The file has no audio track to use.", { param: "file", code: "no_audio" });
  return undecodable();
}

/** Runs ffmpeg in the request folder of its output (always the last argument). */
async function ffmpeg(args: string[], signal: AbortSignal): Promise<void> {
  const result = await run("ffmpeg", args, { dir: path.dirname(args.at(-1)!), signal, timeoutMs: FFMPEG_TIMEOUT_MS, maxStdout: 64 * 1024 });
  if (result.code !== 0) throw inputError(result.stderr);
}

function tooLong(maxSeconds: number): ApiError {
  return new ApiError(400, `The audio is longer than the ${Math.round(maxSeconds / 60)}-minute limit.`, { param: "file", code: "audio_too_long" });
}

/**
 * The first audio track as 16 kHz mono 16-bit wav, what pocketsphinx's model was trained on.
 * Answers its duration in seconds. One second past the limit is decoded so "too long" can be told.
 */
export async function decodeForRecognition(input: string, output: string, maxSeconds: number, signal: AbortSignal): Promise<number> {
  await ffmpeg(
    [
      ...SAFE_INPUT,
      "-i",
      input,
      "-map",
      "0:a:0",
      "-vn",
      "-ac",
      "1",
      "-ar",
      "16000",
      "-c:a",
      "pcm_s16le",
      "-t",
      String(maxSeconds + 1),
      ...BITEXACT,
      "-f",
      "wav",
      output,
    ],
    signal,
  );
  const { size } = await fs.stat(output);
  const seconds = Math.max(0, size - 44) / 32_000;
  if (seconds > maxSeconds) throw tooLong(maxSeconds);
  return seconds;
}

/** The first audio track (a video's sound) in a format browsers play, with its duration in seconds. */
export async function transcodeAudio(input: string, output: string, format: FormatName, maxSeconds: number, signal: AbortSignal): Promise<number> {
  const spec = FORMATS[format];
  await ffmpeg(
    [...SAFE_INPUT, "-i", input, "-map", "0:a:0", "-vn", "-sn", "-dn", ...spec.codec, "-t", String(maxSeconds + 1), ...BITEXACT, "-f", spec.muxer, output],
    signal,
  );
  const seconds = await probeDuration(output, signal);
  if (seconds > maxSeconds) throw tooLong(maxSeconds);
  return seconds;
}

/** Converts our own wav (from espeak-ng) to the requested format at OpenAI's 24 kHz. */
export async function encodeSpeech(input: string, output: string, format: FormatName, signal: AbortSignal): Promise<void> {
  const spec = FORMATS[format];
  const result = await run("ffmpeg", [...SAFE_INPUT, "-i", input, "-ar", "24000", ...spec.codec, ...BITEXACT, "-f", spec.muxer, output], {
    dir: path.dirname(output),
    signal,
    timeoutMs: FFMPEG_TIMEOUT_MS,
    maxStdout: 64 * 1024,
  });
  if (result.code !== 0) throw new Error(`ffmpeg could not encode speech: ${result.stderr.slice(0, 500)}`);
}

/** Duration of a file we wrote ourselves (never of the caller's file, whose header may lie). */
export async function probeDuration(file: string, signal: AbortSignal): Promise<number> {
  const result = await run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file], {
    dir: path.dirname(file),
    signal,
    timeoutMs: 60_000,
    maxStdout: 4096,
  });
  const seconds = Number(result.stdout.trim());
  if (result.code !== 0 || !Number.isFinite(seconds)) throw new Error(`ffprobe could not read our own output: ${result.stderr.slice(0, 500)}`);
  return seconds;
}
