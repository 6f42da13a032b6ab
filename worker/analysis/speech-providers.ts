import * as v from "valibot";
import type { TranscriptSegment } from "../../contract";
import type { Env } from "../env";

/**
 * Speech to text, text to speech and transcoding (spec 03 §2.4): an OpenAI-compatible speech
 * endpoint (SPEECH_URL: `/audio/transcriptions`, `/audio/speech`, and our speech service's
 * `/audio/transcode`), else Workers AI (the AI binding). Null when neither is configured.
 */
export type SpeechProvider =
  | { kind: "http"; url: string; key: string | undefined; sttModel: string; ttsModel: string; voices: string[] }
  | { kind: "workers-ai"; ai: Ai; sttModel: string; ttsModel: string; voices: string[] };

export const SPEECH_SETTINGS_HINT =
  "No speech provider is configured. Set SPEECH_URL (an OpenAI-compatible speech endpoint, with SPEECH_API_KEY if it needs one) in .dev.vars (or as Worker settings), or add a Workers AI binding named AI.";

/** A provider call that failed; `retryable` ones (5xx, 429, timeouts, network) are tried again by the queue. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");
const list = (value: string | undefined, fallback: string[]) => {
  const items = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length ? items : fallback;
};

export function speechProvider(env: Env): SpeechProvider | null {
  if (env.SPEECH_URL?.trim()) {
    return {
      kind: "http",
      url: trimSlash(env.SPEECH_URL.trim()),
      key: env.SPEECH_API_KEY || undefined,
      sttModel: env.SPEECH_STT_MODEL || "whisper-1",
      ttsModel: env.SPEECH_TTS_MODEL || "tts-1",
      voices: list(env.SPEECH_TTS_VOICES, ["alloy", "echo"]),
    };
  }
  if (env.AI) {
    return {
      kind: "workers-ai",
      ai: env.AI,
      sttModel: env.WORKERS_AI_STT_MODEL || "@cf/openai/whisper-large-v3-turbo",
      ttsModel: env.WORKERS_AI_TTS_MODEL || "@cf/myshell-ai/melotts",
      // melotts has one voice per language, chosen by `lang`: both hosts speak with it.
      voices: ["en"],
    };
  }
  return null;
}

/** The transcoder of our speech service (multipart `file` in, audio and `X-Duration-Seconds` out); only an HTTP speech endpoint has one. */
export function transcodeUrlOf(env: Env): { url: string; headers: Record<string, string> } | null {
  if (!env.SPEECH_URL?.trim()) return null;
  return { url: `${trimSlash(env.SPEECH_URL.trim())}/audio/transcode`, headers: authHeaders(env.SPEECH_API_KEY || undefined) };
}

function authHeaders(key: string | undefined): Record<string, string> {
  return key ? { authorization: `Bearer ${key}` } : {};
}

/** A fetch whose failures become ProviderErrors, classified for the queue's retry. */
export async function providerFetch(what: string, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    throw new ProviderError(timedOut ? `${what} timed out after ${Math.round(timeoutMs / 1000)} s` : `${what} could not be reached`, true);
  }
  if (res.ok) return res;
  const detail = (await res.text().catch(() => "")).slice(0, 300);
  throw new ProviderError(`${what} answered HTTP ${res.status}${detail ? `: ${detail}` : ""}`, res.status >= 500 || res.status === 429 || res.status === 408);
}

const Segment = v.object({
  start: v.number(),
  end: v.number(),
  text: v.string(),
  speaker: v.optional(v.nullable(v.union([v.string(), v.number()]))),
});
const Verbose = v.object({
  text: v.optional(v.string(), ""),
  language: v.optional(v.nullable(v.string())),
  duration: v.optional(v.nullable(v.number())),
  segments: v.optional(v.array(Segment), []),
});
const WorkersWhisper = v.object({
  text: v.optional(v.string(), ""),
  segments: v.optional(v.array(Segment)),
  words: v.optional(v.array(v.object({ word: v.string(), start: v.number(), end: v.number() }))),
  transcription_info: v.optional(v.object({ language: v.optional(v.string()), duration: v.optional(v.number()) })),
});

export interface Transcript {
  segments: TranscriptSegment[];
  language: string | null;
  duration: number | null;
}

/** Providers label speakers their own way (0, "SPEAKER_01", "A"); numbers become "Speaker n", absent ones "Speaker 1". */
function speakerLabel(raw: string | number | null | undefined): string {
  if (raw === null || raw === undefined || raw === "") return "Speaker 1";
  if (typeof raw === "number") return `Speaker ${raw + 1}`;
  return raw.slice(0, 60);
}

function toSegments(segments: v.InferOutput<typeof Segment>[], text: string, duration: number | null): TranscriptSegment[] {
  const out = segments.map((s) => ({ speaker: speakerLabel(s.speaker), start: s.start, end: s.end, text: s.text.trim() })).filter((s) => s.text);
  if (!out.length && text.trim()) out.push({ speaker: "Speaker 1", start: 0, end: duration ?? 0, text: text.trim() });
  return out;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

const STT_TIMEOUT_MS = 600_000;
const TTS_TIMEOUT_MS = 120_000;

/** Speech to text with segment timings (and speakers, where the provider tells them). */
export async function transcribeAudio(p: SpeechProvider, audio: { bytes: Uint8Array; name: string; type: string }): Promise<Transcript> {
  if (p.kind === "http") {
    const form = new FormData();
    form.append("file", new File([audio.bytes], audio.name, { type: audio.type }));
    form.append("model", p.sttModel);
    form.append("response_format", "verbose_json");
    form.append("timestamp_granularities[]", "segment");
    const res = await providerFetch(
      "The speech-to-text service",
      `${p.url}/audio/transcriptions`,
      { method: "POST", headers: authHeaders(p.key), body: form },
      STT_TIMEOUT_MS,
    );
    const parsed = v.safeParse(Verbose, await res.json().catch(() => null));
    if (!parsed.success) throw new ProviderError("The speech-to-text service answered something that is not a verbose_json transcript", false);
    const { text, language, duration, segments } = parsed.output;
    return { segments: toSegments(segments, text, duration ?? null), language: language ?? null, duration: duration ?? null };
  }
  let raw: unknown;
  try {
    // whisper-large-v3-turbo takes base64; the older whisper models take the bytes as a number array.
    const input = p.sttModel.includes("large-v3") ? { audio: toBase64(audio.bytes) } : { audio: [...audio.bytes] };
    raw = await p.ai.run(p.sttModel as never, input as never);
  } catch (err) {
    throw new ProviderError(`Workers AI speech-to-text failed: ${err instanceof Error ? err.message : String(err)}`, true);
  }
  const parsed = v.safeParse(WorkersWhisper, raw);
  if (!parsed.success) throw new ProviderError("Workers AI speech-to-text answered something unexpected", false);
  const { text, segments, words, transcription_info } = parsed.output;
  const duration = transcription_info?.duration ?? words?.at(-1)?.end ?? null;
  const fromWords = !segments && words?.length ? [{ start: words[0]!.start, end: words.at(-1)!.end, text: words.map((w) => w.word).join(" ") }] : [];
  return { segments: toSegments(segments ?? fromWords, text, duration), language: transcription_info?.language ?? null, duration };
}

/** One line spoken as mp3 bytes. */
export async function speak(p: SpeechProvider, text: string, voice: string): Promise<Uint8Array> {
  if (p.kind === "http") {
    const res = await providerFetch(
      "The text-to-speech service",
      `${p.url}/audio/speech`,
      {
        method: "POST",
        headers: { ...authHeaders(p.key), "content-type": "application/json" },
        body: JSON.stringify({ model: p.ttsModel, input: text, voice, response_format: "mp3" }),
      },
      TTS_TIMEOUT_MS,
    );
    return new Uint8Array(await res.arrayBuffer());
  }
  let raw: unknown;
  try {
    raw = await p.ai.run(p.ttsModel as never, { prompt: text, lang: voice } as never);
  } catch (err) {
    throw new ProviderError(`Workers AI text-to-speech failed: ${err instanceof Error ? err.message : String(err)}`, true);
  }
  const audio = (raw as { audio?: unknown } | null)?.audio;
  if (typeof audio !== "string") throw new ProviderError("Workers AI text-to-speech answered without audio", false);
  return fromBase64(audio);
}
