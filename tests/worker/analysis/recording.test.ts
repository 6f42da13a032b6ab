import { describe, expect, it } from "vitest";
import { groupOfTwo } from "../attachments/files";
import { ANSWER, meetingSegments } from "./model-answers";
import { fixture, heldWorker, scriptSpeech, speechRequests } from "./held-queue";

/** Uploads a recording to a chat of two and finds its analysed file. */
async function uploadRecording(name: string, type = "audio/mpeg", fixtureName = "meeting.mp3") {
  const w = heldWorker();
  const { alice, bob, chatId } = await groupOfTwo();
  const file = await fixture(fixtureName, type);
  const { attachmentId } = await w.upload(alice, chatId, new File([file], name, { type }));
  const lookup = await w.call(`/api/v1/file-index/lookup?chatId=${chatId}&attachmentId=${attachmentId}`, { token: bob.token });
  expect(lookup.status, JSON.stringify(lookup.json)).toBe(200);
  const fileId = lookup.json.data.fileId as string;
  expect(fileId).toMatch(/^afile_/);
  const detail = async () => (await w.call(`/api/v1/file-index/file-detail/${fileId}`, { token: bob.token })).json.data;
  return { w, alice, bob, chatId, attachmentId, fileId, detail };
}

describe("a recording uploaded to a chat", () => {
  it("is transcoded (no need for mp3), transcribed with speakers and timings, and summarised with a mindmap and insight cards", async () => {
    const name = `standup-${crypto.randomUUID().slice(0, 8)}.mp3`;
    await scriptSpeech({ name, segments: meetingSegments(), language: "en" });
    const { w, bob, fileId, detail } = await uploadRecording(name);

    // Straight after the upload: queued, nothing done yet.
    expect(await detail()).toMatchObject({
      fileName: name,
      fileType: "upload_recording",
      transcodeStatus: "ing",
      transcribeStatus: 0,
      summaryStatus: 0,
      setUpStatus: null,
      problem: null,
      podcastStatus: 0,
      deepResearchStatus: 0,
    });
    expect(w.sent.map((j) => j.step)).toEqual(["transcode"]);

    expect(await w.drain()).toEqual(["transcode", "transcribe", "summarise", "insights"]);
    const done = await detail();
    expect(done).toMatchObject({
      transcodeStatus: "suc",
      transcribeStatus: 2,
      summaryStatus: 2,
      language: "en",
      keywords: ANSWER.keywords,
      problem: null,
      url: `/api/v1/file-index/${fileId}/media/original`,
      formatUrl: `/api/v1/file-index/${fileId}/media/original`,
    });
    // The fake measured the real audio (espeak's 5.2 s sentence).
    expect(done.duration).toBeGreaterThan(4.5);
    expect(done.duration).toBeLessThan(6);
    expect(done.dprSessionId).toMatch(/^dpr_/);

    const transcript = await w.call(`/api/v1/task/transcribe/detail/${done.transcribeId}`, { token: bob.token });
    expect(transcript.status).toBe(200);
    expect(transcript.json.data).toMatchObject({ fileId, status: 2, language: "en" });
    expect(transcript.json.data.segments.map((s: any) => [s.speaker, s.start, s.end])).toEqual([
      ["Ada", 0, 2.4],
      ["Ben", 2.4, 5.1],
    ]);

    const summary = await w.call(`/api/v1/task/summary/detail/${done.summaryId}`, { token: bob.token });
    expect(summary.json.data).toMatchObject({
      fileId,
      status: 2,
      result: { title: ANSWER.title, md: ANSWER.md, md2: ANSWER.md2, mind: ANSWER.mind, mind2: ANSWER.mind2 },
    });
    expect(summary.json.data.result.aha).toEqual(ANSWER.aha);

    // The original plays in parts, as an audio element asks for it.
    const part = await w.fetchRaw(`/api/v1/file-index/${fileId}/media/original`, { token: bob.token, headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-type")).toBe("audio/mpeg");
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    // The speech service got the recording as a multipart verbose_json transcription.
    const asked = (await speechRequests()).filter((r) => r.fileName === name);
    expect(asked).toEqual([{ path: "/v1/audio/transcriptions", fileName: name, model: "whisper-1", responseFormat: "verbose_json" }]);
  });

  it("a duplicate delivery of any step changes nothing and asks no provider twice", async () => {
    const name = `dup-${crypto.randomUUID().slice(0, 8)}.mp3`;
    await scriptSpeech({ name, segments: meetingSegments() });
    const { w, detail } = await uploadRecording(name);
    const jobs: any[] = [];
    while (w.sent.length) {
      const job = w.sent.shift();
      jobs.push(job);
      expect(await w.deliver(job)).toMatchObject({ acked: true });
    }
    const before = await detail();
    for (const job of jobs) expect(await w.deliver(job)).toMatchObject({ acked: true });
    // Re-running done steps only re-queues the next (done) step, which again does nothing.
    await w.drain();
    expect(await detail()).toEqual(before);
    expect((await speechRequests()).filter((r) => r.fileName === name)).toHaveLength(1);
  });

  it("a format browsers cannot play goes through the transcoder, which also gives the duration", async () => {
    const name = `call-${crypto.randomUUID().slice(0, 8)}.aac`;
    const { w, bob, fileId, detail } = await uploadRecording(name, "audio/aac", "meeting.aac");
    await w.drain();
    const done = await detail();
    expect(done).toMatchObject({ transcodeStatus: "suc", transcribeStatus: 2, formatUrl: `/api/v1/file-index/${fileId}/media/audio` });
    expect(done.duration).toBeGreaterThan(4.5);
    const audio = await w.fetchRaw(done.formatUrl, { token: bob.token });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");
    const asked = (await speechRequests()).filter((r) => r.fileName?.startsWith(name.replace(".aac", "")));
    // Transcoded first, then the playable copy was transcribed.
    expect(asked.map((r) => [r.path, r.fileName])).toEqual([
      ["/v1/audio/transcode", name],
      ["/v1/audio/transcriptions", name.replace(".aac", ".mp3")],
    ]);
  });
});
