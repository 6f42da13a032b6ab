// /v1/audio/speech: OpenAI's request, answered with real audio in each format it names.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth, leftovers, speak, startSpeech, type Speech } from "./helpers.ts";

let speech: Speech;
beforeAll(async () => {
  speech = await startSpeech();
});
afterAll(async () => {
  await speech?.stop();
});

const pcmSeconds = (bytes: Buffer) => bytes.length / 2 / 24_000;

describe("text to speech", () => {
  it.each([
    ["mp3", "audio/mpeg", (b: Buffer) => b.subarray(0, 3).toString("latin1") === "ID3" || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0)],
    ["opus", "audio/ogg", (b: Buffer) => b.subarray(0, 4).toString("latin1") === "OggS" && b.includes("OpusHead")],
    ["aac", "audio/aac", (b: Buffer) => b[0] === 0xff && (b[1]! & 0xf0) === 0xf0],
    ["flac", "audio/flac", (b: Buffer) => b.subarray(0, 4).toString("latin1") === "fLaC"],
    ["wav", "audio/wav", (b: Buffer) => b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WAVE"],
  ])("answers %s audio with Content-Type %s", async (format, type, looksRight) => {
    const res = await speak(speech.base, { input: "Hello there, this is the local speech service.", response_format: format });
    expect(res.status).toBe(200);
    expect(res.type).toBe(type);
    expect(res.bytes.length).toBeGreaterThan(1000);
    expect(looksRight(res.bytes)).toBe(true);
  });

  it("answers mp3 when no format is named, and raw 24 kHz samples for pcm", async () => {
    expect((await speak(speech.base, { input: "Hello." })).type).toBe("audio/mpeg");
    const pcm = await speak(speech.base, { input: "One two three four five.", response_format: "pcm" });
    expect(pcm.type).toBe("audio/pcm");
    expect(pcm.bytes.length % 2).toBe(0);
    expect(pcmSeconds(pcm.bytes)).toBeGreaterThan(1);
    expect(pcmSeconds(pcm.bytes)).toBeLessThan(5);
  });

  it("speaks faster at a higher speed", async () => {
    const input = "One two three four five six seven eight nine ten.";
    const slow = await speak(speech.base, { input, response_format: "pcm", speed: 0.5 });
    const fast = await speak(speech.base, { input, response_format: "pcm", speed: 2 });
    expect(pcmSeconds(slow.bytes)).toBeGreaterThan(pcmSeconds(fast.bytes) * 2);
  });

  it("takes OpenAI's voice names and espeak-ng's own, and gives them different voices", async () => {
    const input = "Good morning everyone.";
    const voices = await Promise.all(["alloy", "nova", "en-us+m3", "en-gb"].map((voice) => speak(speech.base, { input, voice, response_format: "wav" })));
    for (const v of voices) expect(v.status).toBe(200);
    expect(new Set(voices.map((v) => v.bytes.toString("base64"))).size).toBe(4);
  });

  it("speaks Chinese text with the Mandarin voice", async () => {
    const zh = await speak(speech.base, { input: "你好，世界。今天天气很好，我们一起去公园散步吧。", voice: "alloy", response_format: "pcm" });
    expect(zh.status).toBe(200);
    // Mandarin syllables take about 8 s here; an English voice would say "Chinese letter" for each of them (about 15 s).
    expect(pcmSeconds(zh.bytes)).toBeGreaterThan(4);
    expect(pcmSeconds(zh.bytes)).toBeLessThan(11);
    const asZh = await speak(speech.base, { input: "你好", voice: "zh", response_format: "wav" });
    expect(asZh.status).toBe(200);
  });

  it("takes 4096 characters at most, like OpenAI", async () => {
    const res = await speak(speech.base, { input: "a".repeat(4097) });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.bytes.toString())).toEqual({
      error: { message: expect.stringContaining("4096"), type: "invalid_request_error", param: "input", code: "string_above_max_length" },
    });
    const chinese = await speak(speech.base, { input: "好".repeat(4097), response_format: "wav" });
    expect(chinese.status).toBe(400);
  });

  it("refuses empty input, unknown voices and formats, and bad speeds with a 400", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ input: "" }, "input"],
      [{ input: "hello", voice: "no such voice!" }, "voice"],
      [{ input: "hello", voice: "xx-nothing" }, "voice"],
      [{ input: "hello", response_format: "ogg" }, "response_format"],
      [{ input: "hello", speed: 10 }, "speed"],
      [{ input: "hello", model: "" }, "model"],
      [{ input: 42 }, "input"],
    ];
    for (const [body, about] of cases) {
      const res = await speak(speech.base, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = JSON.parse(res.bytes.toString());
      expect(error.message).toContain(about);
      expect(error.param).toBe(about);
    }
    const notJson = await fetch(`${speech.base}/v1/audio/speech`, { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: "{" });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.type).toBe("invalid_request_error");
    expect(await leftovers(speech)).toEqual([]);
  });

  it("reads a line starting with a dash as text, not as an option", async () => {
    const res = await speak(speech.base, { input: "--help -w /tmp/owned.wav", response_format: "wav" });
    expect(res.status).toBe(200);
    expect(res.bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
  });
});
