// The viewer in happy-dom against a stubbed API that answers like the Worker's analysis routes
// (the {code, data, message} envelope, contract/analysis.ts shapes), keeping its own state and
// recording every call, so tests can change what the server says between polls.
import { createElement } from "react";
import type { AnalysisFileDetail, AnalysisSource, DeepResearchSession, SummaryResult, TranscriptSegment } from "../../../../contract/analysis";
import AnalysisViewer from "../../../../web/features/analysis/AnalysisViewer";
import type { Language } from "../../../../web/i18n/language";
import { resetFeedback } from "../../../../web/features/analysis/model/feedback";
import { fail, startHarness, type Call, type Harness } from "../../people/peopleHarness";
import { analysisDetail, summaryResult } from "./analysisFixtures";

export interface AnalysisServer {
  harness: Harness;
  detail: AnalysisFileDetail;
  /** The analysed file the lookup finds (null: never analysed). */
  lookup: string | null;
  segments: TranscriptSegment[];
  summary: SummaryResult;
  research: { button: 0 | 1 | 3; session: DeepResearchSession };
  calls: () => Call[];
  count: (method: string, path: string) => number;
}

export const SOURCE: AnalysisSource = { kind: "chat", chatId: "chat_1", attachmentId: "att_1" };

export async function showViewer(over: Partial<AnalysisServer> = {}, source: AnalysisSource | null = SOURCE, lang: Language = "en"): Promise<AnalysisServer> {
  resetFeedback();
  let feedbackCount = 0;
  const server = {
    detail: analysisDetail(),
    lookup: "file_1" as string | null,
    segments: [
      { speaker: "Speaker 1", start: 0, end: 2.4, text: "Good morning everyone." },
      { speaker: "Speaker 2", start: 2.5, end: 6, text: "Let us ship on Friday." },
      { speaker: "Speaker 1", start: 65, end: 70, text: "Agreed." },
    ],
    summary: summaryResult(),
    research: {
      button: 0 as 0 | 1 | 3,
      session: { sessionId: "dpr_1", status: 2 as 1 | 2, question: "", answer: "", fileName: "standup.mp3", shared: false },
    },
    ...over,
  } as AnalysisServer;
  const harness = startHarness((call) => {
    const { method, path, body } = call;
    if (path === "/api/v1/file-index/lookup") return { fileId: server.lookup };
    if (path === "/api/v1/file-index/analyze" && method === "POST") {
      server.lookup = server.detail.fileId;
      return server.detail;
    }
    if (path === `/api/v1/file-index/file-detail/${server.detail.fileId}`) return server.detail;
    if (path === `/api/v1/file-index/podcast/${server.detail.fileId}` && method === "POST") return server.detail;
    if (path.startsWith("/api/v1/task/transcribe/detail/")) {
      return { id: server.detail.transcribeId, fileId: server.detail.fileId, status: 2, language: "en", duration: 70, segments: server.segments };
    }
    if (path.startsWith("/api/v1/task/summary/detail/"))
      return { id: server.detail.summaryId, fileId: server.detail.fileId, status: 2, result: server.summary };
    if (path === "/api/content/feedback/add") {
      feedbackCount += 1;
      return { id: `fb_${feedbackCount}`, content: "", tag: "", ...(body as object) };
    }
    if (path === "/api/content/feedback/update") return { taskId: "t", feedbackType: "summary", content: "", tag: "", ...(body as object) };
    if (path === "/api/v1/deep/research/info/btn") return { status: server.research.button };
    if (path === "/api/v1/deep/research/info/session") return server.research.session;
    if (path === "/api/v1/deep/research/query" && method === "POST") {
      if ((body as { sessionId: string }).sessionId === "missing") return fail(404, "Research session not found");
      server.research.button = 3;
      server.research.session = { ...server.research.session, status: 1, question: (body as { question: string }).question };
      return {};
    }
    return undefined;
  });
  server.harness = harness;
  server.calls = () => harness.calls;
  server.count = (method, path) => harness.calls.filter((c) => c.method === method && c.path === path).length;
  await harness.show(createElement(AnalysisViewer, { source, fileName: "standup.mp3" }), { lang });
  return server;
}
