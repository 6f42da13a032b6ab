// What a stranger or a hostile file can do to the speech service: nothing without the key, no
// oversize uploads, no crash on garbage, no file read through a playlist, no temp files left behind.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth, KEY, leftovers, speak, startSpeech, upload, type Speech } from "./helpers.ts";

let speech: Speech;
let tone: Buffer;
beforeAll(async () => {
  speech = await startSpeech();
  tone = (await speak(speech.base, { input: "seven eight nine ten", response_format: "wav" })).bytes;
});
afterAll(async () => {
  await speech?.stop();
});

const MB = 1024 * 1024;

describe("speech service safety", () => {
  it("refuses every route without the key or with a wrong one", async () => {
    const calls: Array<[string, string]> = [
      ["GET", "/health"],
      ["GET", "/v1/models"],
      ["POST", "/v1/audio/speech"],
      ["POST", "/v1/audio/transcriptions"],
      ["POST", "/v1/audio/transcode"],
    ];
    for (const [method, route] of calls) {
      for (const headers of [{}, { authorization: `Bearer ${KEY}x` }, { authorization: KEY }] as Array<Record<string, string>>) {
        const res = await fetch(speech.base + route, { method, headers });
        expect(res.status, `${method} ${route}`).toBe(401);
        expect((await res.json()).error).toMatchObject({ code: "invalid_api_key", type: "invalid_request_error" });
      }
    }
    const models = await fetch(`${speech.base}/v1/models`, { headers: auth });
    expect(models.status).toBe(200);
    expect((await models.json()).data.map((m: { id: string }) => m.id)).toEqual(expect.arrayContaining(["pocketsphinx-en-us", "espeak-ng"]));
  });

  it("refuses to listen beyond loopback without a key", async () => {
    await expect(startSpeech({ SPEECH_HOST: "0.0.0.0", SPEECH_API_KEY: "" })).rejects.toThrow("SPEECH_API_KEY must be set to listen on 0.0.0.0");
  });

  it("answers 404 for unknown routes and 405 for wrong methods", async () => {
    const missing = await fetch(`${speech.base}/v1/audio/translations`, { method: "POST", headers: auth });
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toContain("Invalid URL");
    expect((await fetch(`${speech.base}/v1/audio/speech`, { headers: auth })).status).toBe(405);
  });

  it("refuses uploads past 50 MB with a 413, whether or not Content-Length says so", async () => {
    const big = Buffer.alloc(50 * MB + 1, 1);
    const declared = await upload(speech.base, "transcriptions", big, { model: "whisper-1" });
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.message).toContain("50 MB");

    // Chunked, without a length: counted as it streams in.
    const boundary = "speech-test-boundary";
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\n`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent > 60 * MB) return controller.close();
        controller.enqueue(new Uint8Array(MB));
        sent += MB;
      },
    });
    const chunked = await fetch(`${speech.base}/v1/audio/transcriptions`, {
      method: "POST",
      headers: { ...auth, "content-type": `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await leftovers(speech)).toEqual([]);
  });

  it("answers garbage bytes with a 400 and keeps serving", async () => {
    const garbage = Buffer.from(Array.from({ length: 20_000 }, (_, i) => (i * 7919) % 251));
    for (const route of ["transcriptions", "transcode"] as const) {
      const res = await upload(speech.base, route, garbage, { model: "whisper-1" });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toMatchObject({ message: expect.stringContaining("Could not decode the audio"), code: "invalid_audio" });
    }
    // A file that claims to be a WAV and then is not one.
    const fakeWav = Buffer.concat([tone.subarray(0, 44), garbage]);
    fakeWav.writeUInt32LE(0xffffffff, 40);
    expect([200, 400]).toContain((await upload(speech.base, "transcriptions", fakeWav, { model: "whisper-1" })).status);

    const health = await fetch(`${speech.base}/health`, { headers: auth });
    expect(health.status).toBe(200);
    const again = await upload(speech.base, "transcriptions", tone, { model: "whisper-1" });
    expect(again.status).toBe(200);
    expect((await again.json()).text).toContain("nine");
  });

  it("does not follow playlists or concat scripts to other files", async () => {
    const playlists = [
      "#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n",
      "ffconcat version 1.0\nfile /etc/passwd\n",
      `[playlist]\nFile1=/etc/passwd\n`,
    ];
    for (const text of playlists) {
      for (const route of ["transcriptions", "transcode"] as const) {
        const res = await upload(speech.base, route, Buffer.from(text), { model: "whisper-1", format: "wav" }, auth, "list.m3u8");
        expect(res.status).toBe(400);
      }
    }
  });

  it("never uses the caller's file name, and removes every temporary file", async () => {
    const res = await upload(speech.base, "transcriptions", tone, { model: "whisper-1" }, auth, '../../../evil"; rm -rf $HOME;.wav');
    expect(res.status).toBe(200);
    expect(await leftovers(speech)).toEqual([]);
  });

  it("refuses malformed forms with a 400", async () => {
    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${speech.base}/v1/audio/transcriptions`, { method: "POST", headers: { ...auth, ...headers }, body });
    expect((await post({ "content-type": "application/json" }, "{}")).status).toBe(400);
    const unterminated = await post(
      { "content-type": "multipart/form-data; boundary=xyz" },
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
    );
    expect(unterminated.status).toBe(400);
    expect((await unterminated.json()).error.message).toContain("Malformed multipart");
    const noFile = await post(
      { "content-type": "multipart/form-data; boundary=xyz" },
      '--xyz\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n--xyz--\r\n',
    );
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).error.param).toBe("file");
    const twoFiles = new FormData();
    twoFiles.append("model", "whisper-1");
    twoFiles.append("file", new Blob([new Uint8Array(tone)]), "a.wav");
    twoFiles.append("file", new Blob([new Uint8Array(tone)]), "b.wav");
    expect((await fetch(`${speech.base}/v1/audio/transcriptions`, { method: "POST", headers: auth, body: twoFiles })).status).toBe(400);
    expect(await leftovers(speech)).toEqual([]);
  });
});
