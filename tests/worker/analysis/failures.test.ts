import { describe, expect, it } from "vitest";
import { groupOfTwo } from "../attachments/files";
import { ANALYSIS_MAX_ATTEMPTS } from "../../../worker/jobs/analysis/job";
import { env } from "cloudflare:test";
import { GENERATING_STALE_MS } from "../../../worker/analysis/requests";
import { ANALYSIS_SCRIPT, meetingSegments } from "./model-answers";
import { fixture, heldWorker, scriptSpeech, speechRequests, type HeldWorker } from "./held-queue";

const NO_MODEL = { ANTHROPIC_API_KEY: undefined, OPENAI_BASE_URL: undefined, OPENAI_API_KEY: undefined, AI: undefined };
const NO_SPEECH = { SPEECH_URL: undefined, AI: undefined };

async function uploaded(w: HeldWorker, file: File) {
  const { alice, chatId } = await groupOfTwo();
  const { attachmentId } = await w.upload(alice, chatId, file);
  const fileId = (await w.call(`/api/v1/file-index/lookup?chatId=${chatId}&attachmentId=${attachmentId}`, { token: alice.token })).json.data.fileId as string;
  const detail = async (via: HeldWorker = w) => (await via.call(`/api/v1/file-index/file-detail/${fileId}`, { token: alice.token })).json.data;
  return { alice, chatId, attachmentId, fileId, detail };
}

/** Runs queued jobs until the named step is next, and hands it back undelivered. */
async function runUntil(w: HeldWorker, step: string): Promise<any> {
  while (w.sent.length) {
    const job = w.sent.shift();
    if (job.step === step) return job;
    expect(await w.deliver(job)).toMatchObject({ acked: true });
  }
  throw new Error(`no ${step} job was queued`);
}

const recording = async (name: string, type = "audio/mpeg", from = "meeting.mp3") => new File([await fixture(from, type)], name, { type });

describe("provider failures", () => {
  it("a transcription that fails with HTTP 500 is retried with the queue's backoff and succeeds the second time", async () => {
    const name = `flaky-${crypto.randomUUID().slice(0, 8)}.mp3`;
    await scriptSpeech({ name, segments: meetingSegments(), fail: 1 });
    const w = heldWorker();
    const { detail } = await uploaded(w, await recording(name));
    const job = await runUntil(w, "transcribe");
    expect(await w.deliver(job, 1)).toEqual({ acked: false, retried: true });
    expect(await detail()).toMatchObject({ transcribeStatus: 1, problem: null });
    expect(w.sent).toEqual([]);
    expect(await w.deliver(job, 2)).toMatchObject({ acked: true, retried: false });
    expect(await detail()).toMatchObject({ transcribeStatus: 2, problem: null });
    expect(w.sent.map((j) => j.step)).toEqual(["summarise"]);
    expect((await speechRequests()).filter((r) => r.fileName === name)).toHaveLength(2);
  });

  it("after the last attempt the transcription is failed, with the provider's words", async () => {
    const name = `down-${crypto.randomUUID().slice(0, 8)}.mp3`;
    await scriptSpeech({ name, fail: 99 });
    const w = heldWorker();
    const { detail } = await uploaded(w, await recording(name));
    const job = await runUntil(w, "transcribe");
    expect(await w.deliver(job, ANALYSIS_MAX_ATTEMPTS - 1)).toMatchObject({ retried: true });
    expect(await w.deliver(job, ANALYSIS_MAX_ATTEMPTS)).toMatchObject({ acked: true, retried: false });
    const d = await detail();
    expect(d.transcribeStatus).toBe(3);
    expect(d.problem).toEqual({ code: "failed", message: expect.stringMatching(/^Transcription failed: The speech-to-text service answered HTTP 500/) });
    expect(w.sent).toEqual([]);
  });

  it("a transcoder that keeps failing leaves the original to be transcribed", async () => {
    const name = `odd-${crypto.randomUUID().slice(0, 8)}.aac`;
    await scriptSpeech({ name, failTranscode: 99 });
    const w = heldWorker();
    const { detail } = await uploaded(w, await recording(name, "audio/aac", "meeting.aac"));
    const job = await runUntil(w, "transcode");
    expect(await w.deliver(job, ANALYSIS_MAX_ATTEMPTS)).toMatchObject({ acked: true });
    expect(await detail()).toMatchObject({ transcodeStatus: "fail", formatUrl: null });
    await runUntil(w, "summarise");
    expect((await detail()).transcribeStatus).toBe(2);
    expect((await speechRequests()).filter((r) => r.path.endsWith("/transcriptions") && r.fileName === name)).toHaveLength(1);
  });

  it("a language model answering HTTP 500 is retried, not failed", async () => {
    const w = heldWorker();
    const { detail } = await uploaded(w, new File(["Budget notes [error]"], "budget.txt", { type: "text/plain" }));
    const job = await runUntil(w, "summarise");
    expect(await w.deliver(job, 1)).toMatchObject({ retried: true });
    expect(await detail()).toMatchObject({ summaryStatus: 1, problem: null });
  });
});

describe("lost jobs", () => {
  it("a podcast still generating after half an hour (its job lost) starts over when asked again; the lost job, if it comes, does nothing", async () => {
    const w = heldWorker();
    const { alice, fileId, detail } = await uploaded(w, new File([`Launch notes. ${ANALYSIS_SCRIPT}`], "launch.txt", { type: "text/plain" }));
    await w.drain();
    await w.call(`/api/v1/file-index/podcast/${fileId}`, { method: "POST", token: alice.token });
    const lost = w.sent.shift();
    // Asking again at once changes nothing.
    await w.call(`/api/v1/file-index/podcast/${fileId}`, { method: "POST", token: alice.token });
    expect(w.sent).toEqual([]);
    await env.DB.prepare("UPDATE analysis_podcast SET updated_at = ? WHERE file_id = ?")
      .bind(Date.now() - GENERATING_STALE_MS - 1000, fileId)
      .run();
    await w.call(`/api/v1/file-index/podcast/${fileId}`, { method: "POST", token: alice.token });
    const fresh = w.sent.shift();
    expect(fresh.runId).not.toBe(lost.runId);
    expect(await w.deliver(lost)).toMatchObject({ acked: true });
    expect((await detail()).podcastStatus).toBe(1);
    expect(await w.deliver(fresh)).toMatchObject({ acked: true });
    expect((await detail()).podcastStatus).toBe(2);
  }, 30_000);
});

describe("missing settings", () => {
  it("without a language model the summary waits with problem no_model naming the settings, and goes on once one is set", async () => {
    const bare = heldWorker(NO_MODEL);
    const { alice, fileId, detail } = await uploaded(bare, new File(["Plain notes about the launch."], "notes.txt", { type: "text/plain" }));
    expect(await bare.drain()).toEqual(["extract", "summarise"]);
    const waiting = await detail();
    expect(waiting).toMatchObject({ setUpStatus: 2, summaryStatus: 0, problem: { code: "no_model" } });
    expect(waiting.problem.message).toMatch(/ANTHROPIC_API_KEY/);
    const pod = await bare.call(`/api/v1/file-index/podcast/${fileId}`, { method: "POST", token: alice.token });
    expect(pod.status).toBe(409);
    expect(pod.json.message).toMatch(/No language model is configured/);

    // Configured now: the viewer's next poll clears the problem and queues the summary again.
    const configured = heldWorker();
    expect((await detail(configured)).problem).toBeNull();
    expect(configured.sent.map((j) => j.step)).toEqual(["summarise"]);
  });

  it("without a speech provider a recording waits with problem no_speech; without a transcoder other formats are offered as they are", async () => {
    const bare = heldWorker(NO_SPEECH);
    const { detail } = await uploaded(bare, await recording(`quiet-${crypto.randomUUID().slice(0, 8)}.aac`, "audio/aac", "meeting.aac"));
    expect(await bare.drain()).toEqual(["transcode", "transcribe"]);
    const d = await detail();
    expect(d).toMatchObject({ transcodeStatus: "suc", formatUrl: d.url, transcribeStatus: 0, problem: { code: "no_speech" } });
    expect(d.problem.message).toMatch(/SPEECH_URL/);
  });
});

describe("refresh", () => {
  it("starts the file over: statuses reset, results cleared, and jobs of the old run do nothing", async () => {
    const name = `again-${crypto.randomUUID().slice(0, 8)}.mp3`;
    await scriptSpeech({ name, segments: meetingSegments() });
    const w = heldWorker();
    const { alice, chatId, attachmentId, detail } = await uploaded(w, await recording(name));
    const oldJob = w.sent[0];
    await w.drain();
    expect((await detail()).summaryStatus).toBe(2);
    const again = await w.call("/api/v1/file-index/analyze", { token: alice.token, body: { chatId, attachmentId, refresh: true } });
    expect(again.status).toBe(200);
    expect(again.json.data).toMatchObject({ transcodeStatus: "ing", transcribeStatus: 0, summaryStatus: 0, transcribeId: null, summaryId: null, keywords: [] });
    expect(w.sent.map((j) => j.step)).toEqual(["transcode"]);
    // A late job of the first run: acked, and nothing moves.
    expect(await w.deliver(oldJob)).toMatchObject({ acked: true });
    expect(await detail()).toMatchObject({ transcodeStatus: "ing", transcribeStatus: 0 });
    await w.drain();
    expect(await detail()).toMatchObject({ transcribeStatus: 2, summaryStatus: 2 });
    // Without refresh, analysing again answers the same file and starts nothing.
    const same = await w.call("/api/v1/file-index/analyze", { token: alice.token, body: { chatId, attachmentId } });
    expect(same.json.data.fileId).toBe(again.json.data.fileId);
    expect(w.sent).toEqual([]);
  });

  it("a summary whose model answers after a refresh is dropped, not written into the new run", async () => {
    const w = heldWorker();
    // The scripted model waits 2 s before answering ([ttft]), long enough to refresh meanwhile.
    const { alice, chatId, attachmentId, detail } = await uploaded(
      w,
      new File([`Slow notes [ttft:2000] ${ANALYSIS_SCRIPT}`], "slow.txt", { type: "text/plain" }),
    );
    const job = await runUntil(w, "summarise");
    const late = w.deliver(job);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await w.call("/api/v1/file-index/analyze", { token: alice.token, body: { chatId, attachmentId, refresh: true } })).status).toBe(200);
    expect(await late).toMatchObject({ acked: true });
    expect(await detail()).toMatchObject({ setUpStatus: 1, summaryStatus: 0, summaryId: null, keywords: [] });
  }, 30_000);

  it("refuses files it cannot analyse, with the reason", async () => {
    const w = heldWorker();
    const { alice, chatId } = await groupOfTwo();
    const { attachmentId } = await w.upload(alice, chatId, new File(["a,b"], "table.csv", { type: "text/csv" }));
    expect((await w.call(`/api/v1/file-index/lookup?chatId=${chatId}&attachmentId=${attachmentId}`, { token: alice.token })).json.data.fileId).toBeNull();
    const r = await w.call("/api/v1/file-index/analyze", { token: alice.token, body: { chatId, attachmentId } });
    expect(r.status).toBe(400);
    expect(r.json.message).toMatch(/cannot be analysed/);
  });
});
