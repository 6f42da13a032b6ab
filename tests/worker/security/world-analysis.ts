import { expect } from "vitest";
import { call, type TestUser } from "../helpers";
import { waitUntil } from "../chat-helpers";
import { uploadAttachment } from "../attachments/files";
import { ANALYSIS_SCRIPT } from "../analysis/model-answers";
import { fixture } from "../analysis/held-queue";
import { SECRET_TEXT } from "./world";

export interface AnalysisWorld {
  documentId: string;
  recordingId: string;
  transcriptId: string;
  summaryId: string;
  sessionId: string;
  feedbackId: string;
}

/**
 * Organization A's analysed files: a document (summarised by the scripted model) and a recording
 * (transcribed by the fake speech service), both run by the real queue, and Alice's feedback.
 * Waits until their pipelines are done, so no step lands during the attacks.
 */
export async function analysedWorld(alice: TestUser, groupId: string): Promise<AnalysisWorld> {
  const doc = await uploadAttachment(alice, groupId, new File([`Minutes ${SECRET_TEXT}. ${ANALYSIS_SCRIPT}`], "minutes.txt", { type: "text/plain" }));
  const rec = await uploadAttachment(alice, groupId, new File([await fixture("meeting.mp3", "audio/mpeg")], "standup.mp3", { type: "audio/mpeg" }));
  const fileOf = async (attachmentId: string) =>
    (await call(`/api/v1/file-index/lookup?chatId=${groupId}&attachmentId=${attachmentId}`, { token: alice.token })).json.data.fileId as string;
  const documentId = await fileOf(doc.json.data.id);
  const recordingId = await fileOf(rec.json.data.id);
  const detail = async (id: string) => (await call(`/api/v1/file-index/file-detail/${id}`, { token: alice.token })).json.data;
  await waitUntil(async () => (await detail(documentId)).summaryStatus === 2, "the document's summary", 30_000);
  await waitUntil(async () => [2, 3].includes((await detail(recordingId)).summaryStatus), "the recording's pipeline", 30_000);
  const [d, r] = [await detail(documentId), await detail(recordingId)];
  const feedback = await call("/api/content/feedback/add", { token: alice.token, body: { taskId: d.summaryTaskId, feedbackType: "summary", likeOrStep: 1 } });
  expect(feedback.status, JSON.stringify(feedback.json)).toBe(200);
  return {
    documentId,
    recordingId,
    transcriptId: r.transcribeId,
    summaryId: d.summaryId,
    sessionId: d.dprSessionId,
    feedbackId: feedback.json.data.id,
  };
}
