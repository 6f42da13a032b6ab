// From recognized words to OpenAI's transcription answers: segments split at pauses, and the
// json, text, verbose_json, srt and vtt renderings of them.
import { deflateSync } from "node:zlib";
import type { RecognizedWord, Utterance } from "./recognize.ts";

export type Segment = {
  id: number;
  seek: number;
  start: number;
  end: number;
  text: string;
  tokens: number[];
  temperature: number;
  avg_logprob: number;
  compression_ratio: number;
  no_speech_prob: number;
};

/** A pause this long ends a segment; once a segment is long, a shorter one does; past the hard limit any word boundary does. */
const PAUSE = 0.3;
const LONG_SEGMENT = 8;
const SHORT_PAUSE = 0.1;
const MAX_SEGMENT = 20;

const round = (n: number) => Math.round(n * 100) / 100;

/** Splits each utterance into segments of words at its pauses. */
export function splitSegments(utterances: Utterance[]): RecognizedWord[][] {
  const groups: RecognizedWord[][] = [];
  for (const utterance of utterances) {
    let group: RecognizedWord[] = [];
    for (const word of utterance.words) {
      const prev = group.at(-1);
      if (prev) {
        // Silence and noise markers fill the time between words, so the gap is the pause.
        const pause = word.start - prev.end;
        const length = prev.end - group[0]!.start;
        if (pause >= PAUSE || (length >= LONG_SEGMENT && pause >= SHORT_PAUSE) || length >= MAX_SEGMENT) {
          groups.push(group);
          group = [];
        }
      }
      group.push(word);
    }
    if (group.length) groups.push(group);
  }
  return groups;
}

function compressionRatio(text: string): number {
  const bytes = Buffer.from(text, "utf8");
  return bytes.length === 0 ? 0 : round(bytes.length / deflateSync(bytes).length);
}

export function toSegments(groups: RecognizedWord[][]): Segment[] {
  return groups.map((words, id) => {
    const text = words.map((w) => w.word).join(" ");
    const start = round(words[0]!.start);
    const logprob = words.reduce((sum, w) => sum + Math.log(Math.max(w.confidence, 1e-6)), 0) / words.length;
    return {
      id,
      seek: Math.round(start * 100),
      start,
      end: round(words.at(-1)!.end),
      text,
      tokens: [],
      temperature: 0,
      avg_logprob: Math.round(logprob * 1000) / 1000,
      compression_ratio: compressionRatio(text),
      no_speech_prob: 0,
    };
  });
}

function timestamp(seconds: number, separator: "," | "."): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

export function toSrt(segments: Segment[]): string {
  return segments.map((s, i) => `${i + 1}\n${timestamp(s.start, ",")} --> ${timestamp(s.end, ",")}\n${s.text}\n\n`).join("");
}

export function toVtt(segments: Segment[]): string {
  return `WEBVTT\n\n${segments.map((s) => `${timestamp(s.start, ".")} --> ${timestamp(s.end, ".")}\n${s.text}\n\n`).join("")}`;
}

export type Transcript = { duration: number; segments: Segment[]; words: RecognizedWord[] };

export function transcriptOf(utterances: Utterance[], duration: number): Transcript {
  const groups = splitSegments(utterances);
  return { duration, segments: toSegments(groups), words: groups.flat() };
}

export const transcriptText = (t: Transcript) => t.segments.map((s) => s.text).join(" ");

/** OpenAI's verbose_json; words only when word timestamps were asked for. */
export function verboseJson(t: Transcript, withWords: boolean): Record<string, unknown> {
  return {
    task: "transcribe",
    language: "english",
    duration: round(t.duration),
    text: transcriptText(t),
    segments: t.segments,
    ...(withWords ? { words: t.words.map((w) => ({ word: w.word, start: round(w.start), end: round(w.end) })) } : {}),
  };
}
