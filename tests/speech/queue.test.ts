// Two jobs at a time (here one, to see it), a bounded queue, and a client that goes away takes its
// running tools and its temporary folder with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import { auth, toolProcesses, health, leftovers, speak, startSpeech, upload, waitFor, type Speech } from "./helpers.ts";

let speech: Speech;
beforeAll(async () => {
  speech = await startSpeech({ SPEECH_MAX_JOBS: "1", SPEECH_MAX_QUEUE: "1" });
});
afterAll(async () => {
  await speech?.stop();
});

/** Starts an upload whose body never ends, so the request holds its place until aborted. */
function heldUpload(): AbortController {
  const controller = new AbortController();
  const boundary = "held";
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nRIFF`));
    },
  });
  fetch(`${speech.base}/v1/audio/transcriptions`, {
    method: "POST",
    headers: { ...auth, "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
    duplex: "half",
    signal: controller.signal,
  } as RequestInit).catch(() => {});
  return controller;
}

describe("job queue", () => {
  it("answers 503 past the queue, and frees the places of clients that leave", async () => {
    const held = [heldUpload(), heldUpload()];
    await waitFor(async () => (await health(speech.base)).jobs.admitted === 2, "two admitted uploads");
    const refused = await speak(speech.base, { input: "hello" });
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.bytes.toString()).error).toMatchObject({ type: "server_error", code: "server_busy" });

    for (const c of held) c.abort();
    await waitFor(async () => (await health(speech.base)).jobs.admitted === 0, "the places to be freed");
    expect((await speak(speech.base, { input: "hello" })).status).toBe(200);
    expect(await leftovers(speech)).toEqual([]);
  });

  it("stops the recogniser when the client goes away", async () => {
    // About three minutes of speech: pocketsphinx works on it for many seconds.
    const long = await speak(speech.base, { input: "One two three four five six seven eight nine ten. ".repeat(70), response_format: "mp3" });
    expect(long.status).toBe(200);
    const controller = new AbortController();
    const form = new FormData();
    form.append("model", "whisper-1");
    form.append("file", new Blob([new Uint8Array(long.bytes)]), "long.mp3");
    const pending = fetch(`${speech.base}/v1/audio/transcriptions`, { method: "POST", headers: auth, body: form, signal: controller.signal }).catch(
      (err: Error) => err.name,
    );
    const recogniser = await waitFor(async () => (await toolProcesses(speech.pid)).find((p) => p.name.startsWith("pocketsphinx")), "pocketsphinx to run");
    // As root the tools run jailed, as nobody.
    if (process.getuid?.() === 0) {
      expect((await health(speech.base)).isolation).toBe("jail");
      expect(recogniser.uid).toBe(65534);
    }

    // One job at a time here: a second request waits for its turn while the recogniser runs.
    const waiting = speak(speech.base, { input: "hello", response_format: "wav" });
    await waitFor(async () => (await health(speech.base)).jobs.admitted === 2, "the second request to queue");
    expect((await health(speech.base)).jobs.active).toBe(1);
    expect((await toolProcesses(speech.pid)).filter((p) => p.name !== "bwrap").map((p) => p.name)).toEqual([expect.stringMatching(/^pocketsphinx/)]);

    controller.abort();
    expect(await pending).toBe("AbortError");
    // The freed slot goes to the waiting request.
    expect((await waiting).status).toBe(200);
    await waitFor(async () => (await toolProcesses(speech.pid)).length === 0, "the service's tools to be stopped", 5000);
    await waitFor(async () => (await health(speech.base)).jobs.active === 0, "the job slot to be freed", 5000);
    expect(await leftovers(speech)).toEqual([]);
  });

  it("on shutdown stops running tools and removes their folders", async () => {
    const own = await startSpeech();
    try {
      const long = await speak(own.base, { input: "One two three four five six seven eight nine ten. ".repeat(70), response_format: "mp3" });
      const pending = upload(own.base, "transcriptions", long.bytes, { model: "whisper-1" }).catch(() => "connection closed");
      const recogniser = await waitFor(async () => (await toolProcesses(own.pid)).find((p) => p.name.startsWith("pocketsphinx")), "pocketsphinx to run");
      expect(await fs.readdir(own.tmp)).toHaveLength(1);
      process.kill(own.pid, "SIGTERM");
      await pending;
      await waitFor(async () => !(await fs.stat(`/proc/${own.pid}`).catch(() => null)), "the service to exit", 10_000);
      await waitFor(async () => !(await fs.stat(`/proc/${recogniser.pid}`).catch(() => null)), "pocketsphinx to be stopped", 5000);
      expect(await fs.readdir(own.tmp)).toEqual([]);
    } finally {
      await own.stop();
    }
  });
});
