import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { groupOfTwo } from "../attachments/files";
import { ANALYSIS_SCRIPT, ANSWER, REPORT, RESEARCH_QUESTION } from "./model-answers";
import { fixture, heldWorker, pdfWith, speechRequests } from "./held-queue";

async function uploadDocument(file: File) {
  const w = heldWorker();
  const { alice, bob, chatId } = await groupOfTwo();
  const { attachmentId } = await w.upload(alice, chatId, file);
  const fileId = (await w.call(`/api/v1/file-index/lookup?chatId=${chatId}&attachmentId=${attachmentId}`, { token: alice.token })).json.data.fileId as string;
  const detail = async () => (await w.call(`/api/v1/file-index/file-detail/${fileId}`, { token: alice.token })).json.data;
  return { w, alice, bob, chatId, fileId, detail };
}

/** The cues of an SRT file: [start s, end s, text]. */
function cuesOf(srt: string): [number, number, string][] {
  const secs = (t: string) => {
    const [h, m, rest] = t.split(":");
    const [s, ms] = rest!.split(",");
    return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
  };
  return srt
    .trim()
    .split(/\n\n+/)
    .map((block) => {
      const [, times, text] = block.split("\n");
      const [a, b] = times!.split(" --> ");
      return [secs(a!), secs(b!), text!];
    });
}

describe("a PDF through every step", () => {
  it("is read, summarised, mapped, spoken as a podcast with timed subtitles, researched and rated", async () => {
    const name = `report-${crypto.randomUUID().slice(0, 8)}.pdf`;
    const { w, alice, bob, fileId, detail } = await uploadDocument(
      new File([pdfWith(`Quarterly report: the launch moves to Friday. ${ANALYSIS_SCRIPT}`)], name),
    );
    expect(await detail()).toMatchObject({ fileType: "local_file", setUpStatus: 1, transcodeStatus: null, transcribeStatus: null, summaryStatus: 0 });
    expect(await w.drain()).toEqual(["extract", "summarise", "insights"]);
    const done = await detail();
    expect(done).toMatchObject({
      setUpStatus: 2,
      summaryStatus: 2,
      keywords: ANSWER.keywords,
      fileUrl: `/api/v1/file-index/${fileId}/media/original`,
      problem: null,
    });
    expect(await (await env.FILES.get(`analysis/${fileId}/text.txt`))!.text()).toContain("Quarterly report: the launch moves to Friday.");
    const summary = (await w.call(`/api/v1/task/summary/detail/${done.summaryId}`, { token: bob.token })).json.data;
    expect(summary.result).toMatchObject({ title: ANSWER.title, mind: ANSWER.mind });

    // Podcast: generating, then ready with audio and subtitles.
    const asked = await w.call(`/api/v1/file-index/podcast/${fileId}`, { method: "POST", token: bob.token });
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    expect(asked.json.data.podcastStatus).toBe(1);
    // Asking again while it is being made changes nothing and queues nothing more.
    expect((await w.call(`/api/v1/file-index/podcast/${fileId}`, { method: "POST", token: alice.token })).json.data.podcastStatus).toBe(1);
    expect(await w.drain()).toEqual(["podcast"]);
    const pod = await detail();
    expect(pod).toMatchObject({
      podcastStatus: 2,
      podcastUrl: `/api/v1/file-index/${fileId}/media/podcast`,
      srtUrl: `/api/v1/file-index/${fileId}/media/srt`,
      webSrtUrl: `/api/v1/file-index/${fileId}/media/srt`,
    });
    const srt = await w.fetchRaw(pod.srtUrl, { token: bob.token });
    expect(srt.status).toBe(200);
    expect(srt.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(srt.headers.get("x-content-type-options")).toBe("nosniff");
    const cues = cuesOf(await srt.text());
    expect(cues.map((c) => c[2])).toEqual(ANSWER.lines.map((l) => `${l.speaker}: ${l.text}`));
    // Each cue starts where the one before ended, and lasts as long as its spoken audio (espeak: about a second or two).
    expect(cues[0]![0]).toBe(0);
    for (let i = 1; i < cues.length; i++) expect(cues[i]![0]).toBeCloseTo(cues[i - 1]![1], 2);
    for (const [a, b] of cues) expect(b - a).toBeGreaterThan(0.5);
    expect(pod.podcastDuration).toBeCloseTo(cues.at(-1)![1] * 1000, -1);
    const audio = await w.fetchRaw(pod.podcastUrl, { token: bob.token });
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");
    const bytes = new Uint8Array(await audio.arrayBuffer());
    expect(bytes[0]).toBe(0xff);
    // Two hosts, two voices: each speaker's lines always in that speaker's voice. The fake speech service is shared by
    // the files running in parallel (the project test speaks the same script), so the log is checked per line, not in order.
    const voiceOfSpeaker: Record<string, string> = { "Host A": "alloy", "Host B": "echo" };
    const spoken = (await speechRequests()).filter((r) => r.path === "/v1/audio/speech");
    for (const line of ANSWER.lines) {
      const voices = spoken.filter((r) => r.input === line.text).map((r) => r.voice);
      expect(voices.length, line.text).toBeGreaterThan(0);
      expect(new Set(voices), line.text).toEqual(new Set([voiceOfSpeaker[line.speaker]]));
    }

    // Deep research: start, generating, done.
    const session = done.dprSessionId as string;
    const btn = async () => (await w.call(`/api/v1/deep/research/info/btn?sessionId=${session}`, { token: bob.token })).json.data.status;
    expect(await btn()).toBe(0);
    const q = await w.call("/api/v1/deep/research/query", {
      token: bob.token,
      body: { sessionId: session, sessionType: 9, question: RESEARCH_QUESTION, source: 3 },
    });
    expect(q.status, JSON.stringify(q.json)).toBe(200);
    expect(q.json.data).toMatchObject({ status: 1, answer: "", fileName: name, shared: false });
    expect(await btn()).toBe(3);
    expect(await w.drain()).toEqual(["research"]);
    expect(await btn()).toBe(1);
    const report = (await w.call(`/api/v1/deep/research/info/session?sessionId=${session}`, { token: bob.token })).json.data;
    expect(report).toMatchObject({ sessionId: session, status: 2, answer: REPORT, question: RESEARCH_QUESTION });

    // Sharing: only the file's owner (Alice, who uploaded it); then any signed-in user with the id reads the report, and nothing else.
    expect((await w.call("/api/v1/deep/research/share", { token: bob.token, body: { sessionId: session, shared: true } })).status).toBe(403);
    const share = await w.call("/api/v1/deep/research/share", { token: alice.token, body: { sessionId: session, shared: true } });
    expect(share.json.data.shared).toBe(true);
    const { admin: outsider } = await (await import("../chat-helpers")).team("Olga Outsider");
    const shared = await w.call(`/api/share/research/info/session?sessionId=${session}`, { token: outsider.token });
    expect(shared.status).toBe(200);
    expect(Object.keys(shared.json.data).sort()).toEqual(["answer", "error", "fileName", "question", "sessionId", "shared", "status"]);
    expect(shared.json.data.answer).toBe(REPORT);
    expect((await w.call(`/api/v1/file-index/file-detail/${fileId}`, { token: outsider.token })).status).toBe(404);
    await w.call("/api/v1/deep/research/share", { token: alice.token, body: { sessionId: session, shared: false } });
    expect((await w.call(`/api/share/research/info/session?sessionId=${session}`, { token: outsider.token })).status).toBe(404);

    // Feedback: a like, replaced by a dislike with a tag, then cleared; only by its author.
    const like = await w.call("/api/content/feedback/add", { token: bob.token, body: { taskId: done.summaryTaskId, feedbackType: "summary", likeOrStep: 1 } });
    expect(like.json.data).toMatchObject({ taskId: done.summaryTaskId, feedbackType: "summary", likeOrStep: 1, tag: "", content: "" });
    const again = await w.call("/api/content/feedback/add", {
      token: bob.token,
      body: { taskId: done.summaryTaskId, feedbackType: "summary", likeOrStep: -1, tag: "incomplete", content: "Misses the budget" },
    });
    expect(again.json.data).toMatchObject({ id: like.json.data.id, likeOrStep: -1, tag: "incomplete", content: "Misses the budget" });
    expect((await w.call("/api/content/feedback/update", { token: alice.token, body: { id: like.json.data.id, likeOrStep: 1 } })).status).toBe(404);
    const cleared = await w.call("/api/content/feedback/update", { token: bob.token, body: { id: like.json.data.id, likeOrStep: 0 } });
    expect(cleared.json.data).toMatchObject({ likeOrStep: 0, tag: "incomplete", content: "Misses the budget" });
    const onResearch = await w.call("/api/content/feedback/add", { token: bob.token, body: { taskId: session, feedbackType: "research", likeOrStep: 1 } });
    expect(onResearch.status).toBe(200);
    const unknown = await w.call("/api/content/feedback/add", {
      token: bob.token,
      body: { taskId: "sum_00000000000000000000000000000000", feedbackType: "summary", likeOrStep: 1 },
    });
    expect(unknown.status).toBe(404);
  }, 60_000);
});

describe("documents", () => {
  it("the fixture PDF's text is read and kept for the later steps", async () => {
    const { w, fileId, detail } = await uploadDocument(await fixture("sample.pdf", "application/pdf"));
    await w.drain();
    expect((await detail()).setUpStatus).toBe(2);
    expect(await (await env.FILES.get(`analysis/${fileId}/text.txt`))!.text()).toContain("Hello from the PDF fixture");
  });

  it("a Word document is read with mammoth inside the Worker", async () => {
    const { w, fileId, detail } = await uploadDocument(await fixture("sample.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"));
    await w.drain();
    expect((await detail()).setUpStatus).toBe(2);
    expect((await (await env.FILES.get(`analysis/${fileId}/text.txt`))!.text()).trim().length).toBeGreaterThan(10);
  });

  it("a damaged document fails at once with a reason, without retries", async () => {
    const { w, detail } = await uploadDocument(await fixture("broken.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"));
    const job = w.sent.shift();
    expect(await w.deliver(job)).toMatchObject({ acked: true, retried: false });
    expect(w.sent).toEqual([]);
    const d = await detail();
    expect(d.setUpStatus).toBe(3);
    expect(d.problem).toMatchObject({ code: "failed", message: expect.stringMatching(/could not be read/) });
  });

  it("a podcast or research before the text is ready is refused with a reason", async () => {
    const { w, alice, fileId, detail } = await uploadDocument(new File(["Notes about nothing much."], "early.txt", { type: "text/plain" }));
    const pod = await w.call(`/api/v1/file-index/podcast/${fileId}`, { method: "POST", token: alice.token });
    expect(pod.status).toBe(409);
    expect(pod.json.message).toMatch(/still being analysed/);
    const q = await w.call("/api/v1/deep/research/query", {
      token: alice.token,
      body: { sessionId: (await detail()).dprSessionId, sessionType: 9, question: "Anything?" },
    });
    expect(q.status).toBe(409);
  });
});
