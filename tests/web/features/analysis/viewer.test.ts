// @vitest-environment happy-dom
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { click, find, get, pageText, settle } from "../../people/peopleHarness";
import { SOURCE, showViewer, type AnalysisServer } from "./analysisServer";
import { analysisDetail } from "./analysisFixtures";

let server: AnalysisServer | null = null;
afterEach(() => {
  server?.harness.unmount();
  server = null;
  vi.useRealTimers();
});

const detailPath = "/api/v1/file-index/file-detail/file_1";
/** Moves the (fake) clock on, letting polls fire and their answers render. */
async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await settle(2);
}

describe("opening the viewer (spec 03 §2.4)", () => {
  it("says 'Select a file to analyze' with no file", async () => {
    server = await showViewer({}, null);
    expect(get("analysis-select").textContent).toBe("Select a file to analyze");
    expect(server.calls()).toEqual([]);
  });

  it("looks the file up, analyses it when it never was, and shows the summary with its title and keywords", async () => {
    server = await showViewer({ lookup: null });
    const paths = server.calls().map((c) => `${c.method} ${c.path}`);
    expect(paths.slice(0, 2)).toEqual(["GET /api/v1/file-index/lookup", "POST /api/v1/file-index/analyze"]);
    expect(server.calls()[0]!.query.get("attachmentId")).toBe("att_1");
    expect(server.calls()[1]!.body).toEqual({ chatId: "chat_1", attachmentId: "att_1" });
    expect(get("analysis-summary").querySelector("h2")!.textContent).toBe("Weekly standup");
    expect(get("analysis-keywords").textContent).toBe("launchbudget");
    expect(get("analysis-summary-text").querySelector("strong")!.textContent).toBe("ship");
    await click("summary-md2");
    expect(get("analysis-summary-text").textContent).toContain("after the review");
    const modes = [...document.querySelectorAll('[role="tab"]')].map((b) => b.textContent);
    expect(modes).toEqual(["Summary", "Transcription", "Mindmap", "Aha", "DeepResearch", "Podcast"]);
  });

  it("offers Preview instead of Transcription for a document", async () => {
    server = await showViewer({
      detail: analysisDetail({
        fileType: "local_file",
        fileName: "notes.md",
        mimeType: "text/markdown",
        transcodeStatus: null,
        transcribeStatus: null,
        setUpStatus: 2,
      }),
    });
    expect(find("analysis-mode-transcription")).toBeNull();
    expect(get("analysis-mode-preview").textContent).toBe("Preview");
  });

  it("shows the detail's problem instead of spinning, and stops asking", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server = await showViewer({ detail: analysisDetail({ summaryStatus: 0, problem: { code: "no_model", message: "No language model is configured." } }) });
    expect(get("analysis-problem").textContent).toContain("No language model is configured. Set ANTHROPIC_API_KEY");
    expect(find("analysis-analyzing")).toBeNull();
    const asked = server.count("GET", detailPath);
    await tick(10_000);
    expect(server.count("GET", detailPath)).toBe(asked);
  });

  it("says the problem in Chinese to a Chinese reader, and a failure in the server's own words", async () => {
    server = await showViewer(
      { detail: analysisDetail({ transcribeStatus: 0, summaryStatus: 0, problem: { code: "no_speech", message: "No speech provider" } }) },
      SOURCE,
      "zh",
    );
    expect(get("analysis-problem").textContent).toContain("尚未配置语音服务");
    server.harness.unmount();
    server = await showViewer({
      detail: analysisDetail({ summaryStatus: 3, problem: { code: "failed", message: "The summary failed: the model answered no JSON" } }),
    });
    expect(get("analysis-failed").textContent).toContain("The summary failed: the model answered no JSON");
  });

  it("polls the detail while a step runs and stops once nothing is under way", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server = await showViewer({ detail: analysisDetail({ transcodeStatus: "ing", transcribeStatus: 0, summaryStatus: 0 }) });
    expect(get("analysis-transcoding").textContent).toContain("2-5 minutes");
    await click("analysis-mode-transcription");
    expect(get("analysis-transcoding").textContent).toContain("Transcoding in progress");
    const first = server.count("GET", detailPath);
    await tick(3_000);
    expect(server.count("GET", detailPath)).toBe(first + 1);
    server.detail = analysisDetail();
    await tick(3_000);
    expect(find("analysis-transcript")).not.toBeNull();
    const done = server.count("GET", detailPath);
    await tick(15_000);
    expect(server.count("GET", detailPath)).toBe(done);
  });

  it("a failed step shows an error whose Retry analyses the file again with refresh", async () => {
    server = await showViewer({ detail: analysisDetail({ transcribeStatus: 3, summaryStatus: 0 }) });
    expect(get("analysis-failed").textContent).toContain("Analysis failed");
    server.detail = analysisDetail();
    await click("analysis-retry");
    const analyze = server.calls().filter((c) => c.path === "/api/v1/file-index/analyze");
    expect(analyze.map((c) => c.body)).toEqual([{ ...SOURCE, kind: undefined, refresh: true }].map(({ kind: _k, ...rest }) => rest));
    expect(find("analysis-summary")).not.toBeNull();
  });
});

describe("the transcript", () => {
  it("lists speakers with mm:ss starts, lights the segment under the audio and seeks on click", async () => {
    server = await showViewer();
    await click("analysis-mode-transcription");
    const rows = [...document.querySelectorAll('[data-testid="analysis-segment"]')];
    expect(rows.map((r) => r.textContent)).toEqual(["Speaker 100:00Good morning everyone.", "Speaker 200:02Let us ship on Friday.", "Speaker 101:05Agreed."]);
    expect(pageText()).toContain("AI-generated transcript, may contain errors");
    const speakers = rows.map((r) => r.querySelector(".anv-speaker")!.className);
    expect(speakers[0]).toBe(speakers[2]);
    expect(speakers[0]).not.toBe(speakers[1]);
    const audio = get("analysis-media") as HTMLAudioElement;
    await click(rows[2]!.querySelector("button")!);
    expect(audio.currentTime).toBe(65);
    expect(rows[2]!.getAttribute("aria-current")).toBe("true");
    await act(async () => {
      audio.currentTime = 3;
      audio.dispatchEvent(new Event("timeupdate"));
    });
    expect(rows[1]!.getAttribute("aria-current")).toBe("true");
    expect(rows[2]!.getAttribute("aria-current")).toBeNull();
  });

  it("skips 1 s each way and offers the six speeds", async () => {
    server = await showViewer();
    await click("analysis-mode-transcription");
    const audio = get("analysis-media") as HTMLAudioElement;
    await click(document.querySelector('[aria-label="Forward 1 second"]') as HTMLElement);
    await click(document.querySelector('[aria-label="Forward 1 second"]') as HTMLElement);
    await click(document.querySelector('[aria-label="Back 1 second"]') as HTMLElement);
    expect(audio.currentTime).toBe(1);
    const speeds = [...(get("analysis-speed") as HTMLSelectElement).options].map((o) => o.textContent);
    expect(speeds).toEqual(["0.75x", "1.0x", "1.25x", "1.5x", "1.75x", "2.0x"]);
  });

  it("says so when there is no transcript", async () => {
    server = await showViewer({ segments: [] });
    await click("analysis-mode-transcription");
    expect(get("analysis-transcript-empty").textContent).toBe("No transcript for this recording");
  });
});

describe("feedback (spec §4)", () => {
  it("thumbs up sends at once, pressing it again clears it to 0", async () => {
    server = await showViewer();
    await click("feedback-like");
    const sent = () => server!.calls().filter((c) => c.path.startsWith("/api/content/feedback/"));
    expect(sent().map((c) => [c.path, c.body])).toEqual([
      ["/api/content/feedback/add", { taskId: "sum_1", feedbackType: "summary", likeOrStep: 1, tag: "", content: "" }],
    ]);
    expect(get("feedback-like").getAttribute("aria-pressed")).toBe("true");
    await click("feedback-like");
    expect(sent()[1]!.path).toBe("/api/content/feedback/update");
    expect(sent()[1]!.body).toMatchObject({ id: "fb_1", likeOrStep: 0 });
    expect(get("feedback-like").getAttribute("aria-pressed")).toBe("false");
  });

  it("thumbs down asks what was wrong, then sends the tag and comment", async () => {
    server = await showViewer();
    await click("feedback-dislike");
    expect(get("feedback-dialog").textContent).toContain("What went wrong?");
    expect(server.calls().some((c) => c.path.startsWith("/api/content/feedback/"))).toBe(false);
    await click("feedback-tag-incomplete");
    await click("feedback-submit");
    const sent = server.calls().filter((c) => c.path.startsWith("/api/content/feedback/"));
    expect(sent.map((c) => c.body)).toEqual([{ taskId: "sum_1", feedbackType: "summary", likeOrStep: -1, tag: "incomplete", content: "" }]);
    expect(find("feedback-dialog")).toBeNull();
    expect(get("feedback-dislike").getAttribute("aria-pressed")).toBe("true");
    await click("feedback-dislike");
    expect(
      server
        .calls()
        .filter((c) => c.path === "/api/content/feedback/update")
        .map((c) => c.body),
    ).toEqual([{ id: "fb_1", likeOrStep: 0, tag: "", content: "" }]);
  });
});

describe("the insight cards", () => {
  it("move with previous/next, the indicators and the arrow keys; a picture is purified and opens in 'Insight details'", async () => {
    server = await showViewer();
    await click("analysis-mode-aha");
    const card = () => get("aha-card");
    expect(card().textContent).toContain("Deadline");
    expect(card().style.height).toBe("386px");
    await click("aha-next");
    expect(card().textContent).toContain("Risk");
    expect(card().style.height).toBe("460px");
    await act(async () => card().dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true })));
    expect(card().getAttribute("data-index")).toBe("2");
    expect(card().style.height).toBe("410px");
    // Purified, then shown only as an image: nothing of it is in the page's DOM to run (the purifier itself is checked in Chromium).
    const image = get("aha-svg").querySelector("img")!;
    expect(image.getAttribute("src")).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(card().querySelector("script, circle, [onclick]")).toBeNull();
    await act(async () => card().dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true })));
    expect(card().getAttribute("data-index")).toBe("0");
    await click(document.querySelector('[aria-label="Insight 3 of 3"]') as HTMLElement);
    await click("aha-svg");
    expect(get("aha-details").textContent).toContain("Insight details");
  });
});

describe("deep research (spec §4)", () => {
  it("needs a question, locks Start for 5 s, polls every 5 s while generating, then shows the report", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server = await showViewer();
    await click("analysis-mode-research");
    await click("research-start");
    expect(pageText()).toContain("Enter a question first");
    const field = get("research-question") as HTMLTextAreaElement;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(field, "What are the risks?");
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await click("research-start");
    const query = server.calls().filter((c) => c.path === "/api/v1/deep/research/query");
    expect(query.map((c) => c.body)).toEqual([
      { sessionId: "dpr_1", sessionType: 6, question: "What are the risks?", outline: "# Standup\n- Ship\n- Review", source: 3 },
    ]);
    expect(get("research-generating").textContent).toContain("Writing the report");
    const polls = server.count("GET", "/api/v1/deep/research/info/btn");
    await tick(5_000);
    expect(server.count("GET", "/api/v1/deep/research/info/btn")).toBe(polls + 1);
    server.research.button = 1;
    server.research.session = { ...server.research.session, status: 2, answer: "## Risks\nThe **review** may slip." };
    await tick(5_000);
    expect(get("research-answer").textContent).toContain("The review may slip.");
    expect(pageText()).toContain("Question: What are the risks?");
    const done = server.count("GET", "/api/v1/deep/research/info/btn");
    await tick(20_000);
    expect(server.count("GET", "/api/v1/deep/research/info/btn")).toBe(done);
  });

  it("keeps Start locked for 5 s after a click even when the start failed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server = await showViewer({ detail: analysisDetail({ dprSessionId: "missing" }) });
    await click("analysis-mode-research");
    const field = get("research-question") as HTMLTextAreaElement;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(field, "Why?");
      field.dispatchEvent(new Event("input", { bubbles: true }));
    });
    server.harness.calls.length = 0;
    await click("research-start");
    expect((get("research-start") as HTMLButtonElement).disabled).toBe(true);
    await tick(5_100);
    expect((get("research-start") as HTMLButtonElement).disabled).toBe(false);
  });
});
