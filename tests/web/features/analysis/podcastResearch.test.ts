// @vitest-environment happy-dom
import { act, createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ResearchReport } from "../../../../web/features/analysis/components/research/ResearchReport";
import { click, find, get, pageText, startHarness, type Harness } from "../../people/peopleHarness";
import { showViewer, type AnalysisServer } from "./analysisServer";
import { analysisDetail } from "./analysisFixtures";

let server: AnalysisServer | null = null;
let harness: Harness | null = null;
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  server?.harness.unmount();
  harness?.unmount();
  server = null;
  harness = null;
});

const SRT = "1\n00:00:00,000 --> 00:00:02,000\nThe launch moves to Friday.\n\n2\n00:00:02,000 --> 00:00:04,000\nSo please review the plan.\n";

/** The subtitle file is a plain file, not an envelope: served beside the stubbed API. */
function serveSrt() {
  const api = globalThis.fetch;
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).endsWith("/podcast.srt") ? Promise.resolve(new Response(SRT, { status: 200 })) : api(input, init),
  );
}

describe("the podcast (spec §4)", () => {
  it("a failed podcast says why and offers Generate, after which it is 'Generating'", async () => {
    server = await showViewer({ detail: analysisDetail({ podcastStatus: 3, podcastError: "the speech service timed out" }) });
    await click("analysis-mode-podcast");
    expect(get("podcast-last-error").textContent).toBe("The last podcast could not be made: the speech service timed out");
    server.detail = analysisDetail({ podcastStatus: 1 });
    await click("podcast-generate");
    expect(server.count("POST", "/api/v1/file-index/podcast/file_1")).toBe(1);
    expect(get("podcast-generating").textContent).toContain("Generating the podcast");
  });

  it("plays a ready podcast with its m:ss duration and the subtitles of its SRT", async () => {
    server = await showViewer({
      detail: analysisDetail({
        podcastStatus: 2,
        podcastUrl: "/api/v1/file-index/file_1/media/podcast",
        srtUrl: "/api/v1/file-index/file_1/podcast.srt",
        podcastDuration: 725_000,
      }),
    });
    serveSrt();
    await click("analysis-mode-podcast");
    expect(get("podcast-duration").textContent).toBe("Duration 12:05");
    expect([...get("podcast-subtitles").querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "The launch moves to Friday.",
      "So please review the plan.",
    ]);
    // No WebAudio here: the waveform falls back to a plain bar.
    expect(get("podcast-waveform").getAttribute("data-drawn")).toBe("bar");
  });
});

describe("the podcast's subtitles", () => {
  it("follow playback to the middle, pause while the user scrolls, and come back 3 s later", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const centred: string[] = [];
    vi.spyOn(HTMLElement.prototype, "scrollIntoView").mockImplementation(function (this: HTMLElement) {
      centred.push(this.textContent ?? "");
    });
    server = await showViewer({
      detail: analysisDetail({
        podcastStatus: 2,
        podcastUrl: "/api/v1/file-index/file_1/media/podcast",
        srtUrl: "/api/v1/file-index/file_1/podcast.srt",
        podcastDuration: 4000,
      }),
    });
    serveSrt();
    await click("analysis-mode-podcast");
    const audio = get("podcast-audio") as HTMLAudioElement;
    const playTo = async (seconds: number) =>
      act(async () => {
        audio.currentTime = seconds;
        audio.dispatchEvent(new Event("timeupdate"));
      });
    await playTo(0.5);
    expect(centred.at(-1)).toBe("The launch moves to Friday.");
    expect(get("podcast-subtitles").querySelector('[aria-current="true"]')!.textContent).toBe("The launch moves to Friday.");
    centred.length = 0;
    await act(async () => get("podcast-subtitles").dispatchEvent(new WheelEvent("wheel", { bubbles: true })));
    await playTo(2.5);
    expect(get("podcast-subtitles").querySelector('[aria-current="true"]')!.textContent).toBe("So please review the plan.");
    expect(centred).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(centred).toEqual(["So please review the plan."]);
  });
});

describe("deep research", () => {
  it("says why the last report failed, back at the start", async () => {
    server = await showViewer();
    server.research.session = { ...server.research.session, error: "the model did not answer" };
    await click("analysis-mode-research");
    expect(get("research-last-error").textContent).toBe("The last report could not be written: the model did not answer");
    expect(find("research-start")).not.toBeNull();
  });

  it("in share mode shows only the report, from the share route", async () => {
    harness = startHarness((call) =>
      call.path === "/api/share/research/info/session"
        ? { sessionId: "dpr_1", status: 2, question: "Why?", answer: "## Because\nIt is **Friday**.", fileName: "x.mp3", shared: true }
        : undefined,
    );
    await harness.show(createElement(ResearchReport, { sessionId: "dpr_1", shared: true }));
    expect(get("research-answer").textContent).toContain("It is Friday.");
    expect(find("research-share")).toBeNull();
    expect(find("feedback-like")).toBeNull();
    expect(harness.calls.map((c) => c.path)).toEqual(["/api/share/research/info/session"]);
  });

  it("in share mode says the report is gone when it is no longer shared", async () => {
    harness = startHarness(() => undefined);
    await harness.show(createElement(ResearchReport, { sessionId: "dpr_1", shared: true }));
    expect(pageText()).toContain("This report does not exist or is no longer shared");
  });
});
