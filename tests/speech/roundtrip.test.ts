// Text spoken by espeak-ng through /v1/audio/speech comes back as words through
// /v1/audio/transcriptions, in every answer format OpenAI clients ask for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ffmpeg, leftovers, speak, startSpeech, upload, wordsFound, type Speech } from "./helpers.ts";

// Words pocketsphinx reliably recognises in espeak-ng's klatt voice (what `alloy` maps to).
const SENTENCES = ["The cat sat on the mat.", "Three four five six seven eight nine ten.", "Please call me tomorrow morning."];
// Blank lines are paragraph breaks: espeak-ng pauses there, so each sentence is its own segment.
const TEXT = SENTENCES.join("\n\n");
const EXPECTED = SENTENCES.join(" ")
  .toLowerCase()
  .replace(/[^a-z ]/g, "")
  .split(" ");

let speech: Speech;
let wav: Buffer;

beforeAll(async () => {
  speech = await startSpeech();
  const spoken = await speak(speech.base, { input: TEXT, response_format: "wav" });
  expect(spoken.status).toBe(200);
  wav = spoken.bytes;
});
afterAll(async () => {
  await speech?.stop();
});

async function transcribe(bytes: Buffer, fields: Record<string, string | string[]> = {}) {
  const res = await upload(speech.base, "transcriptions", bytes, { model: "whisper-1", ...fields });
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}

describe("speech to text round trip", () => {
  it.each(["wav", "mp3", "opus"])("speaks text as %s that transcribes back to most of its words", async (format) => {
    const audio = format === "wav" ? wav : (await speak(speech.base, { input: TEXT, response_format: format })).bytes;
    const res = await transcribe(audio);
    expect(res.status).toBe(200);
    expect(res.type).toContain("application/json");
    const { text } = JSON.parse(res.text) as { text: string };
    // A clear majority: espeak voices are not what the model was trained on, so a word or two may differ.
    expect(wordsFound(EXPECTED, text)).toBeGreaterThanOrEqual(Math.ceil(EXPECTED.length * 0.75));
    expect(text).toContain("seven eight nine ten");
  });

  it("hears different words in different speech, and none in silence", async () => {
    const other = await speak(speech.base, { input: "Red green blue yellow black white.", response_format: "wav" });
    const { text } = JSON.parse((await transcribe(other.bytes)).text) as { text: string };
    expect(wordsFound(["yellow", "black"], text)).toBe(2);
    expect(wordsFound(["seven", "eight", "nine", "ten", "tomorrow"], text)).toBe(0);

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "speech-silence-"));
    ffmpeg(["-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "2", path.join(dir, "silence.wav")]);
    const silent = await transcribe(await fs.readFile(path.join(dir, "silence.wav")), { response_format: "verbose_json" });
    await fs.rm(dir, { recursive: true, force: true });
    expect(silent.status).toBe(200);
    const body = JSON.parse(silent.text);
    expect(body.text).toBe("");
    expect(body.segments).toEqual([]);
    expect(body.duration).toBeCloseTo(2, 1);
  });

  it("answers verbose_json with one segment per pause, in order and within the duration, and words on request", async () => {
    const res = await transcribe(wav, { response_format: "verbose_json", "timestamp_granularities[]": ["word", "segment"], language: "en" });
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text);
    expect(body).toMatchObject({ task: "transcribe", language: "english" });
    expect(body.duration).toBeGreaterThan(3);
    expect(body.segments.length).toBe(SENTENCES.length);
    let previousEnd = 0;
    body.segments.forEach((segment: Record<string, unknown>, i: number) => {
      expect(segment).toMatchObject({ id: i, tokens: [], temperature: 0, no_speech_prob: 0 });
      expect(typeof segment.avg_logprob).toBe("number");
      expect(typeof segment.compression_ratio).toBe("number");
      const { start, end } = segment as { start: number; end: number };
      expect(start).toBeGreaterThanOrEqual(previousEnd);
      expect(end).toBeGreaterThan(start);
      expect(end).toBeLessThanOrEqual(body.duration);
      previousEnd = end;
    });
    expect(body.segments[1].text).toContain("seven eight nine ten");
    expect(body.text).toBe(body.segments.map((s: { text: string }) => s.text).join(" "));

    const words = body.words as Array<{ word: string; start: number; end: number }>;
    expect(words.map((w) => w.word).join(" ")).toBe(body.text);
    for (const [i, w] of words.entries()) {
      expect(w.word).toMatch(/^[a-z']+$/); // no <s>, <sil>, [NOISE] or (2) markers
      expect(w.end).toBeGreaterThan(w.start);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(words[i - 1]!.end);
    }

    const withoutWords = JSON.parse((await transcribe(wav, { response_format: "verbose_json" })).text);
    expect(withoutWords.words).toBeUndefined();
    expect(withoutWords.segments).toEqual(body.segments);
  });

  it("answers srt, vtt and plain text", async () => {
    const srt = await transcribe(wav, { response_format: "srt" });
    expect(srt.status).toBe(200);
    expect(srt.type).toContain("text/plain");
    const cues = srt.text.trim().split("\n\n");
    expect(cues).toHaveLength(SENTENCES.length);
    cues.forEach((cue, i) => expect(cue).toMatch(new RegExp(`^${i + 1}\\n\\d\\d:\\d\\d:\\d\\d,\\d{3} --> \\d\\d:\\d\\d:\\d\\d,\\d{3}\\n[a-z' ]+$`)));
    expect(cues[1]).toContain("seven eight nine ten");

    const vtt = await transcribe(wav, { response_format: "vtt" });
    expect(vtt.text.startsWith("WEBVTT\n\n")).toBe(true);
    expect(vtt.text).toMatch(/^\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}$/m);
    expect(vtt.text).toContain("seven eight nine ten");

    const text = await transcribe(wav, { response_format: "text" });
    expect(text.type).toContain("text/plain");
    expect(text.text).toMatch(/seven eight nine ten.*\n$/);
  });

  it("recognises long recordings with a faster, narrower search", async () => {
    const quick = await startSpeech({ SPEECH_FAST_AFTER_SECONDS: "1" });
    try {
      const res = await upload(quick.base, "transcriptions", wav, { model: "whisper-1" });
      expect(res.status).toBe(200);
      const fast = ((await res.json()) as { text: string }).text;
      const full = (JSON.parse((await transcribe(wav)).text) as { text: string }).text;
      expect(fast).toContain("four five six seven eight nine ten");
      expect(wordsFound(EXPECTED, fast)).toBeGreaterThanOrEqual(Math.ceil(EXPECTED.length * 0.5));
      // The narrower search really ran: it misses words the full one finds.
      expect(wordsFound(EXPECTED, fast)).toBeLessThan(wordsFound(EXPECTED, full));
    } finally {
      await quick.stop();
    }
  });

  it("refuses other languages and bad parameters in OpenAI's error shape", async () => {
    const french = await transcribe(wav, { language: "fr" });
    expect(french.status).toBe(400);
    expect(JSON.parse(french.text)).toEqual({
      error: { message: expect.stringContaining("English only"), type: "invalid_request_error", param: "language", code: "unsupported_language" },
    });
    const format = await transcribe(wav, { response_format: "xml" });
    expect(format.status).toBe(400);
    expect(JSON.parse(format.text).error.param).toBe("response_format");
    const noModel = await upload(speech.base, "transcriptions", wav, {});
    expect(noModel.status).toBe(400);
    expect((await noModel.json()).error.param).toBe("model");
    expect(await leftovers(speech)).toEqual([]);
  });
});
