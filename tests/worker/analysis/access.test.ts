import { describe, expect, it } from "vitest";
import { createGroup, team } from "../chat-helpers";
import { signUp, type TestUser } from "../helpers";
import { ANALYSIS_SCRIPT, RESEARCH_QUESTION } from "./model-answers";
import { heldWorker, pdfWith } from "./held-queue";

/**
 * Alice's group with Bob holds a PDF analysed through every step (podcast and research included).
 * Carol is in their organization but not in the chat; Dave is in another organization; Sam signed up alone.
 */
async function analysedGroupFile() {
  const w = heldWorker();
  const { admin: alice, members } = await team("Bob Insider", "Carol Colleague");
  const [bob, carol] = members as [TestUser, TestUser];
  const chatId = await createGroup(alice, [bob]);
  const { attachmentId } = await w.upload(alice, chatId, new File([pdfWith(`Board minutes. ${ANALYSIS_SCRIPT}`)], "board.pdf"));
  const fileId = (await w.call(`/api/v1/file-index/lookup?chatId=${chatId}&attachmentId=${attachmentId}`, { token: alice.token })).json.data.fileId;
  await w.drain();
  await w.call(`/api/v1/file-index/podcast/${fileId}`, { method: "POST", token: alice.token });
  const detail = (await w.call(`/api/v1/file-index/file-detail/${fileId}`, { token: alice.token })).json.data;
  await w.call("/api/v1/deep/research/query", { token: alice.token, body: { sessionId: detail.dprSessionId, sessionType: 9, question: RESEARCH_QUESTION } });
  await w.drain();
  const feedback = await w.call("/api/content/feedback/add", { token: alice.token, body: { taskId: fileId, feedbackType: "podcast", likeOrStep: 1 } });
  const done = (await w.call(`/api/v1/file-index/file-detail/${fileId}`, { token: alice.token })).json.data;
  expect(done).toMatchObject({ summaryStatus: 2, podcastStatus: 2, deepResearchStatus: 1 });
  return { w, alice, bob, carol, chatId, attachmentId, fileId, done, feedbackId: feedback.json.data.id as string };
}

describe("who may reach an analysed file", () => {
  it("a non-member of the chat, a member of another organization and a stranger get 404 on every route; a member gets the file", async () => {
    const f = await analysedGroupFile();
    const dave = (await team()).admin;
    const sam = await signUp("Sam Stranger");
    const session = f.done.dprSessionId;
    const requests: [string, string, unknown?][] = [
      ["GET", `/api/v1/file-index/file-detail/${f.fileId}`],
      ["GET", `/api/v1/file-index/lookup?chatId=${f.chatId}&attachmentId=${f.attachmentId}`],
      ["POST", "/api/v1/file-index/analyze", { chatId: f.chatId, attachmentId: f.attachmentId, refresh: true }],
      ["POST", `/api/v1/file-index/podcast/${f.fileId}`],
      ...(["original", "podcast", "srt"] as const).map((kind): [string, string] => ["GET", `/api/v1/file-index/${f.fileId}/media/${kind}`]),
      ["GET", `/api/v1/task/summary/detail/${f.done.summaryId}`],
      ["GET", `/api/v1/deep/research/info/btn?sessionId=${session}`],
      ["GET", `/api/v1/deep/research/info/session?sessionId=${session}`],
      ["POST", "/api/v1/deep/research/query", { sessionId: session, sessionType: 9, question: "Leak it" }],
      ["POST", "/api/v1/deep/research/share", { sessionId: session, shared: true }],
      ["GET", `/api/share/research/info/session?sessionId=${session}`],
      ["POST", "/api/content/feedback/add", { taskId: f.fileId, feedbackType: "summary", likeOrStep: -1 }],
      ["POST", "/api/content/feedback/update", { id: f.feedbackId, likeOrStep: -1 }],
    ];
    const statuses: Record<string, number> = {};
    for (const [who, u] of [
      ["carol", f.carol],
      ["dave", dave],
      ["sam", sam],
    ] as const) {
      for (const [method, path, body] of requests) statuses[`${who} ${method} ${path}`] = (await f.w.call(path, { method, token: u.token, body })).status;
    }
    expect(statuses).toEqual(Object.fromEntries(Object.keys(statuses).map((k) => [k, 404])));
    // Nothing they did started anything.
    expect(f.w.sent).toEqual([]);

    // Bob, in the chat, reads it all.
    for (const path of [`/api/v1/file-index/file-detail/${f.fileId}`, `/api/v1/task/summary/detail/${f.done.summaryId}`, f.done.srtUrl, f.done.url]) {
      expect((await f.w.call(path, { token: f.bob.token })).status, path).toBe(200);
    }
    // Once Bob leaves the chat, the file is gone for him too.
    expect((await f.w.call(`/api/group-chats/${f.chatId}/leave`, { method: "POST", token: f.bob.token })).status).toBe(200);
    expect((await f.w.call(`/api/v1/file-index/file-detail/${f.fileId}`, { token: f.bob.token })).status).toBe(404);
  }, 60_000);

  it("ids that do not exist, or are not ids, answer the same 404", async () => {
    const w = heldWorker();
    const u = await signUp("Ida Idle");
    for (const path of [
      "/api/v1/file-index/file-detail/afile_00000000000000000000000000000000",
      "/api/v1/file-index/file-detail/..%2F..%2Fetc",
      "/api/v1/file-index/afile_00000000000000000000000000000000/media/original",
      "/api/v1/task/transcribe/detail/trs_00000000000000000000000000000000",
      "/api/v1/deep/research/info/session?sessionId=dpr_nope",
    ]) {
      expect((await w.call(path, { token: u.token })).status, path).toBe(404);
    }
    expect((await w.call("/api/v1/file-index/file-detail/afile_00000000000000000000000000000000")).status).toBe(401);
  });
});
