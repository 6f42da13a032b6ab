import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { speak, speechProvider, transcribeAudio } from "../../../worker/analysis/speech-providers";
import { mp3Audio } from "../../../worker/analysis/mp3";
import { toSrt } from "../../../worker/analysis/srt";
import { jsonIn } from "../../../worker/analysis/model-json";
import { fixture } from "./held-queue";

/** Workers AI as its binding answers (the shapes of whisper-large-v3-turbo and melotts); records what it was asked. */
function workersAi(answer: unknown) {
  const calls: { model: string; input: any }[] = [];
  const ai = { run: async (model: string, input: unknown) => (calls.push({ model, input: input as any }), answer) } as unknown as Ai;
  return { ai, calls };
}

describe("speech providers", () => {
  it("without SPEECH_URL, Workers AI transcribes with the configured model, segments and language", async () => {
    const { ai, calls } = workersAi({
      text: "Hello there. Bye.",
      segments: [
        { start: 0, end: 1.5, text: " Hello there." },
        { start: 1.5, end: 2, text: " Bye." },
      ],
      transcription_info: { language: "en", duration: 2 },
    });
    const provider = speechProvider({ ...env, SPEECH_URL: undefined, AI: ai, WORKERS_AI_STT_MODEL: "@cf/openai/whisper-large-v3-turbo" });
    expect(provider?.kind).toBe("workers-ai");
    const out = await transcribeAudio(provider!, { bytes: new Uint8Array([1, 2, 3]), name: "a.mp3", type: "audio/mpeg" });
    expect(out).toEqual({
      language: "en",
      duration: 2,
      segments: [
        { speaker: "Speaker 1", start: 0, end: 1.5, text: "Hello there." },
        { speaker: "Speaker 1", start: 1.5, end: 2, text: "Bye." },
      ],
    });
    expect(calls[0]).toEqual({ model: "@cf/openai/whisper-large-v3-turbo", input: { audio: "AQID" } });
  });

  it("the older whisper model gets the bytes as numbers and its words become one segment", async () => {
    const { ai, calls } = workersAi({
      text: "hi all",
      words: [
        { word: "hi", start: 0, end: 0.4 },
        { word: "all", start: 0.4, end: 0.9 },
      ],
    });
    const provider = speechProvider({ ...env, SPEECH_URL: undefined, AI: ai, WORKERS_AI_STT_MODEL: "@cf/openai/whisper" })!;
    const out = await transcribeAudio(provider, { bytes: new Uint8Array([7, 8]), name: "a.wav", type: "audio/wav" });
    expect(out.segments).toEqual([{ speaker: "Speaker 1", start: 0, end: 0.9, text: "hi all" }]);
    expect(calls[0]!.input).toEqual({ audio: [7, 8] });
  });

  it("Workers AI speaks with melotts and answers mp3 bytes", async () => {
    const mp3 = new Uint8Array(await (await fixture("meeting.mp3", "audio/mpeg")).arrayBuffer());
    let binary = "";
    for (const b of mp3) binary += String.fromCharCode(b);
    const { ai, calls } = workersAi({ audio: btoa(binary) });
    const provider = speechProvider({ ...env, SPEECH_URL: undefined, AI: ai })!;
    expect(await speak(provider, "Hello", provider.voices[0]!)).toEqual(mp3);
    expect(calls[0]).toEqual({ model: "@cf/myshell-ai/melotts", input: { prompt: "Hello", lang: "en" } });
  });

  it("with neither setting there is no provider", () => {
    expect(speechProvider({ ...env, SPEECH_URL: undefined, AI: undefined })).toBeNull();
  });
});

describe("podcast audio and subtitles", () => {
  it("reads an mp3's length from its frames", async () => {
    const bytes = new Uint8Array(await (await fixture("meeting.mp3", "audio/mpeg")).arrayBuffer());
    const audio = mp3Audio(bytes)!;
    // ffprobe says 5.22 s for this file.
    expect(audio.seconds).toBeGreaterThan(5.1);
    expect(audio.seconds).toBeLessThan(5.3);
    expect(mp3Audio(new TextEncoder().encode("not audio at all"))).toBeNull();
  });

  it("writes SRT cues that never break inside a line", () => {
    expect(
      toSrt([
        { speaker: "Host A", text: "First\nline", startSeconds: 0, seconds: 1.25 },
        { speaker: "Host B", text: "Second", startSeconds: 1.25, seconds: 61 },
      ]),
    ).toBe("1\n00:00:00,000 --> 00:00:01,250\nHost A: First line\n\n2\n00:00:01,250 --> 00:01:02,250\nHost B: Second\n");
  });

  it("finds the JSON in a model's answer, fenced or not", () => {
    expect(jsonIn('Sure!\n```json\n{"a": 1}\n```')).toEqual({ a: 1 });
    expect(jsonIn('Here: {"a": {"b": 2}} hope it helps')).toEqual({ a: { b: 2 } });
    expect(jsonIn("no json here")).toBeNull();
  });
});
