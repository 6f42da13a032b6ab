// /v1/audio/transcode: any audio or video becomes a browser-playable audio copy with its duration;
// video is transcribed through its sound track as well.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { auth, ffmpeg, leftovers, speak, startSpeech, upload, wordsFound, type Speech } from "./helpers.ts";

let speech: Speech;
let dir: string;
let video: Buffer;
let speechSeconds: number;

beforeAll(async () => {
  speech = await startSpeech();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "speech-video-"));
  const spoken = await speak(speech.base, { input: "One two three four five six seven eight nine ten.", response_format: "wav" });
  await fs.writeFile(path.join(dir, "speech.wav"), spoken.bytes);
  speechSeconds = (spoken.bytes.length - 44) / 2 / 24_000;
  // A tiny video: a blue picture with the speech as its sound track.
  ffmpeg([
    ...["-f", "lavfi", "-i", "color=c=blue:s=64x64:r=10", "-i", path.join(dir, "speech.wav")],
    ...["-shortest", "-c:v", "mpeg4", "-c:a", "aac", "-movflags", "+faststart", path.join(dir, "clip.mp4")],
  ]);
  ffmpeg(["-f", "lavfi", "-i", "color=c=red:s=64x64:r=10", "-t", "2", "-c:v", "mpeg4", path.join(dir, "silent-film.mp4")]);
  video = await fs.readFile(path.join(dir, "clip.mp4"));
});
afterAll(async () => {
  await speech?.stop();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe("transcoding", () => {
  it("turns a video into mp3 audio of its sound track, with the duration in a header", async () => {
    const res = await upload(speech.base, "transcode", video, {}, undefined, "clip.mp4");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    const duration = Number(res.headers.get("x-duration-seconds"));
    expect(duration).toBeGreaterThan(speechSeconds - 0.5);
    expect(duration).toBeLessThan(speechSeconds + 0.5);
    const mp3 = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(mp3.length);
    expect(mp3.subarray(0, 3).toString("latin1") === "ID3" || mp3[0] === 0xff).toBe(true);

    // The copy still carries the speech: transcribed, the numbers come back.
    const text = await upload(speech.base, "transcriptions", mp3, { model: "whisper-1", response_format: "text" });
    expect(wordsFound(["three", "four", "five", "six", "seven", "eight", "nine", "ten"], await text.text())).toBeGreaterThanOrEqual(6);
  });

  it("writes m4a and wav on request", async () => {
    const m4a = await upload(speech.base, "transcode", video, { format: "m4a" });
    expect(m4a.status).toBe(200);
    expect(m4a.headers.get("content-type")).toBe("audio/mp4");
    expect(
      Buffer.from(await m4a.arrayBuffer())
        .subarray(4, 8)
        .toString("latin1"),
    ).toBe("ftyp");
    const wav = await upload(speech.base, "transcode", video, { format: "wav" });
    expect(wav.headers.get("content-type")).toBe("audio/wav");
    expect(
      Buffer.from(await wav.arrayBuffer())
        .subarray(0, 4)
        .toString("latin1"),
    ).toBe("RIFF");
    expect(Number(wav.headers.get("x-duration-seconds"))).toBeGreaterThan(speechSeconds - 0.5);
  });

  it("transcribes a video through its sound track", async () => {
    const res = await upload(speech.base, "transcriptions", video, { model: "whisper-1", response_format: "verbose_json" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(wordsFound(["three", "four", "five", "six", "seven", "eight", "nine", "ten"], body.text)).toBeGreaterThanOrEqual(6);
    expect(body.duration).toBeGreaterThan(speechSeconds - 0.5);
  });

  it.each([
    ["webm", ["-c:a", "libopus"]],
    ["m4a", ["-c:a", "aac"]],
    ["ogg", ["-c:a", "libvorbis"]],
    ["flac", ["-c:a", "flac"]],
    ["aiff", ["-c:a", "pcm_s16be"]],
    ["mkv", ["-c:a", "mp3", "-ar", "44100", "-ac", "2"]],
  ])("reads %s recordings", async (ext, codec) => {
    const file = path.join(dir, `speech.${ext}`);
    ffmpeg(["-i", path.join(dir, "speech.wav"), ...codec, file]);
    const res = await upload(speech.base, "transcode", await fs.readFile(file), {}, undefined, `speech.${ext}`);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-duration-seconds"))).toBeGreaterThan(speechSeconds - 0.5);
    expect(Number(res.headers.get("x-duration-seconds"))).toBeLessThan(speechSeconds + 0.5);
  });

  it("refuses audio longer than the configured limit, and a declared body past the upload limit before reading it", async () => {
    const strict = await startSpeech({ SPEECH_MAX_DURATION_SECONDS: "2", SPEECH_MAX_UPLOAD_MB: "1" });
    try {
      for (const route of ["transcode", "transcriptions"] as const) {
        const res = await upload(strict.base, route, video, { model: "whisper-1" });
        expect(res.status).toBe(400);
        expect((await res.json()).error).toMatchObject({ code: "audio_too_long", param: "file" });
      }
      // Refused from the headers alone: the answer comes although not a byte of the body was sent.
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const req = http.request(`${strict.base}/v1/audio/transcode`, {
          method: "POST",
          headers: { ...auth, "content-type": "multipart/form-data; boundary=x", "content-length": String(5 * 1024 * 1024) },
        });
        req.on("response", (res) => {
          resolve(res.statusCode);
          req.destroy();
        });
        req.on("error", reject);
        req.flushHeaders();
      });
      expect(status).toBe(413);
      expect(await leftovers(strict)).toEqual([]);
    } finally {
      await strict.stop();
    }
  });

  it("says so when a video has no sound, and refuses unknown formats", async () => {
    const silentFilm = await fs.readFile(path.join(dir, "silent-film.mp4"));
    for (const route of ["transcode", "transcriptions"] as const) {
      const res = await upload(speech.base, route, silentFilm, { model: "whisper-1" });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ code: "no_audio", param: "file", message: expect.stringContaining("no audio track") });
    }
    const ogg = await upload(speech.base, "transcode", video, { format: "ogg" });
    expect(ogg.status).toBe(400);
    expect((await ogg.json()).error.param).toBe("format");
    expect(await leftovers(speech)).toEqual([]);
  });
});
