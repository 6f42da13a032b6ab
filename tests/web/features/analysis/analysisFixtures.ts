import type { AnalysisFileDetail, SummaryResult } from "../../../../contract/analysis";

/** A recording whose analysis is complete; tests override what they need. */
export function analysisDetail(over: Partial<AnalysisFileDetail> = {}): AnalysisFileDetail {
  return {
    fileId: "file_1",
    fileName: "standup.mp3",
    fileType: "upload_recording",
    mimeType: "audio/mpeg",
    size: 1234,
    source: { kind: "chat", chatId: "chat_1", attachmentId: "att_1" },
    createdAt: "2026-12-05T22:00:00.000Z",
    url: "/api/files/att_1",
    transcodeStatus: "suc",
    transcribeStatus: 2,
    transcribeId: "tr_1",
    formatUrl: "/api/files/att_1/format",
    duration: 12,
    language: "en",
    keywords: ["launch", "budget"],
    setUpStatus: null,
    fileUrl: null,
    summaryId: "sum_1",
    summaryTaskId: "sum_1",
    summaryStatus: 2,
    deepResearchStatus: 0,
    dprSessionId: "dpr_1",
    podcastStatus: 0,
    podcastUrl: null,
    srtUrl: null,
    webSrtUrl: null,
    podcastDuration: null,
    podcastTime: null,
    problem: null,
    ...over,
  };
}

export function summaryResult(over: Partial<SummaryResult> = {}): SummaryResult {
  return {
    title: "Weekly standup",
    md: "We agreed to **ship** on Friday.",
    md2: "## Details\nEveryone agreed to ship on Friday after the review.",
    mind: "# Standup\n- Ship\n- Review",
    mind2: "",
    aha: [
      { type: "aha", content: { reason: { type: "text", msg: "Deadline" }, query: { type: "text", msg: "When?" }, answer: { type: "text", msg: "Friday" } } },
      {
        type: "aha",
        content: {
          reason: { type: "text", msg: "Risk" },
          query: { type: "text", msg: "What could slip?" },
          answer: { type: "markdown", msg: "The **review**" },
        },
      },
      {
        type: "aha2",
        content: {
          reason: { type: "text", msg: "Picture" },
          query: { type: "text", msg: "Shape?" },
          answer: {
            type: "svg",
            msg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><circle cx="5" cy="5" r="4" onclick="alert(2)"/></svg>',
          },
        },
      },
    ],
    ...over,
  };
}
