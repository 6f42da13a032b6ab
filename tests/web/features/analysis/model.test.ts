import { describe, expect, it } from "vitest";
import type { AhaCard, AnalysisFileDetail, TranscriptSegment } from "../../../../contract/analysis";
import { ahaCardHeight, carouselKey, visibleSections } from "../../../../web/features/analysis/model/aha";
import { nextRating } from "../../../../web/features/analysis/model/feedback";
import { mindmapLabel, outlineToMermaid } from "../../../../web/features/analysis/model/mindmap";
import { parseSrt, subtitleAt } from "../../../../web/features/analysis/model/srt";
import { isProcessing, modesOf, modeState } from "../../../../web/features/analysis/model/status";
import { formatClock, formatDurationMs } from "../../../../web/features/analysis/model/time";
import { segmentAt, speakerStyles } from "../../../../web/features/analysis/model/transcript";
import { computePeaks } from "../../../../web/features/analysis/model/waveform";
import { analysisDetail } from "./analysisFixtures";

describe("times (spec §2.4 mm:ss, §9 podcast m:ss from ms)", () => {
  it("shows transcript starts as mm:ss, and h:mm:ss past an hour", () => {
    expect(formatClock(0)).toBe("00:00");
    expect(formatClock(7.9)).toBe("00:07");
    expect(formatClock(187)).toBe("03:07");
    expect(formatClock(3729)).toBe("1:02:09");
    expect(formatClock(Number.NaN)).toBe("00:00");
    expect(formatClock(-3)).toBe("00:00");
  });
  it("shows the podcast's millisecond duration as m:ss", () => {
    expect(formatDurationMs(725_000)).toBe("12:05");
    expect(formatDurationMs(59_600)).toBe("1:00");
    expect(formatDurationMs(4_500_000)).toBe("75:00");
    expect(formatDurationMs(null)).toBe("0:00");
  });
});

describe("SRT subtitles", () => {
  const srt =
    "\uFEFF1\r\n00:00:01,000 --> 00:00:03,500\r\nHello <b>there</b>\r\nsecond line\r\n\r\n2\n00:00:04.250 --> 00:00:06,000 X1:40\nNext\n\n3\nnot a time\nskipped\n\n00:01:00,000 --> 00:01:02,000\nNo number\n";
  it("reads times with comma or dot, multi-line text, cue settings, and skips broken blocks", () => {
    expect(parseSrt(srt)).toEqual([
      { startTime: 1, duration: 2.5, name: "Hello <b>there</b> second line" },
      { startTime: 4.25, duration: 1.75, name: "Next" },
      { startTime: 60, duration: 2, name: "No number" },
    ]);
    expect(parseSrt("")).toEqual([]);
    expect(parseSrt("garbage\n\nmore garbage")).toEqual([]);
  });
  it("finds the line showing at a time", () => {
    const lines = parseSrt(srt);
    expect(subtitleAt(lines, 0.5)).toBe(-1);
    expect(subtitleAt(lines, 1)).toBe(0);
    expect(subtitleAt(lines, 5)).toBe(1);
    expect(subtitleAt(lines, 30)).toBe(1);
    expect(subtitleAt(lines, 61)).toBe(2);
  });
});

describe("the segment under the audio's time", () => {
  const segments: TranscriptSegment[] = [
    { speaker: "Speaker 1", start: 0, end: 2, text: "a" },
    { speaker: "Speaker 2", start: 2.5, end: 5, text: "b" },
    { speaker: "Speaker 1", start: 5, end: 9, text: "c" },
  ];
  it("is the last one started, a gap keeping the previous one", () => {
    expect(segmentAt(segments, -1)).toBe(-1);
    expect(segmentAt(segments, 0)).toBe(0);
    expect(segmentAt(segments, 2.2)).toBe(0);
    expect(segmentAt(segments, 2.5)).toBe(1);
    expect(segmentAt(segments, 5)).toBe(2);
    expect(segmentAt(segments, 100)).toBe(2);
    expect(segmentAt([], 3)).toBe(-1);
  });
  it("gives each speaker one of 7 styles, cycling", () => {
    const many = Array.from({ length: 9 }, (_, i) => ({ speaker: `S${i}`, start: i, end: i + 1, text: "" }));
    const styles = speakerStyles([...segments, ...many]);
    expect(styles.get("Speaker 1")).toBe(0);
    expect(styles.get("Speaker 2")).toBe(1);
    expect(styles.get("S5")).toBe(0);
    expect(styles.get("S6")).toBe(1);
  });
});

describe("the mind map outline as Mermaid", () => {
  it("nests headings and list items under one root", () => {
    const text = outlineToMermaid("# Launch plan\n## Goals\n- ship **v2**\n  - [docs](http://x)\n## Risks\n1. time", "ignored");
    expect(text).toBe(
      ["mindmap", '  root["Launch plan"]', '    n2["Goals"]', '      n3["ship v2"]', '        n4["docs"]', '    n5["Risks"]', '      n6["time"]'].join("\n"),
    );
  });
  it("puts the title above several top nodes and evens out depth jumps", () => {
    const text = outlineToMermaid("- one\n- two\n      - deep", "My title")!;
    expect(text.split("\n")).toEqual(["mindmap", '  root["My title"]', '    n2["one"]', '    n3["two"]', '      n4["deep"]']);
  });
  it("keeps hostile labels inside their quoted shape", () => {
    const hostile =
      '- x"]\n  click root call alert(1)\n- ::icon(fa fa-bomb) <img src=x onerror=alert(1)> `code` %%{init: {"securityLevel":"loose"}}%% a#quot;b;\n- ))bang((';
    const text = outlineToMermaid(hostile, "t")!;
    const lines = text.split("\n").slice(1);
    // Every line is exactly one node: an id and one quoted label with no quote, bracket, angle, backtick, % or # inside.
    for (const line of lines) expect(line).toMatch(/^\s+(root|n\d+)\["[^"[\]<>`%#{}()]*"\]$/);
    expect(text).not.toContain("<img");
    expect(text).not.toContain("%%");
    expect(text).not.toContain("::icon");
    expect(lines).toHaveLength(4); // the title as root, then the three items
  });
  it("has nothing to draw for an empty or text-only outline, and shortens long labels", () => {
    expect(outlineToMermaid("", "t")).toBeNull();
    expect(outlineToMermaid("just a paragraph", "t")).toBeNull();
    expect(mindmapLabel("word ".repeat(100)).length).toBeLessThanOrEqual(120);
  });
});

describe("insight cards", () => {
  const card = (answer: AhaCard["content"]["answer"]): AhaCard => ({
    type: "aha",
    content: { reason: { type: "text", msg: "why" }, query: { type: "text", msg: "", hidden: false }, answer },
  });
  it("are 386 px, 410 with a picture answer, 460 with a markdown answer (spec §9)", () => {
    expect(ahaCardHeight(card({ type: "text", msg: "a" }))).toBe(386);
    expect(ahaCardHeight(card({ type: "svg", msg: "<svg/>" }))).toBe(410);
    expect(ahaCardHeight(card({ type: "markdown", msg: "**a**" }))).toBe(460);
  });
  it("leave out hidden and empty sections", () => {
    expect(visibleSections(card({ type: "text", msg: "a", hidden: true })).map(([name]) => name)).toEqual(["reason"]);
  });
  it("move with the arrow keys, wrapping round", () => {
    expect(carouselKey("ArrowRight", 0, 3)).toBe(1);
    expect(carouselKey("ArrowRight", 2, 3)).toBe(0);
    expect(carouselKey("ArrowLeft", 0, 3)).toBe(2);
    expect(carouselKey("End", 0, 3)).toBe(2);
    expect(carouselKey("a", 0, 3)).toBeNull();
    expect(carouselKey("ArrowRight", 0, 0)).toBeNull();
  });
});

describe("feedback ratings (spec §4)", () => {
  it("pressing the given rating clears it, the other replaces it", () => {
    expect(nextRating(0, 1)).toBe(1);
    expect(nextRating(1, 1)).toBe(0);
    expect(nextRating(1, -1)).toBe(-1);
    expect(nextRating(-1, -1)).toBe(0);
  });
});

describe("what is under way", () => {
  const detail = (over: Partial<AnalysisFileDetail>) => analysisDetail(over);
  it("polls while transcoding, transcribing, summarising or making a podcast, and not once done, failed or blocked", () => {
    expect(isProcessing(detail({ transcodeStatus: "ing", transcribeStatus: 0, summaryStatus: 0 }))).toBe(true);
    expect(isProcessing(detail({ transcribeStatus: 1, summaryStatus: 0 }))).toBe(true);
    expect(isProcessing(detail({ summaryStatus: 1 }))).toBe(true);
    expect(isProcessing(detail({}))).toBe(false);
    expect(isProcessing(detail({ podcastStatus: 1 }))).toBe(true);
    expect(isProcessing(detail({ transcribeStatus: 3, summaryStatus: 0 }))).toBe(false);
    expect(isProcessing(detail({ summaryStatus: 0, problem: { code: "no_model", message: "No language model" } }))).toBe(false);
  });
  it("recordings get Transcription, other files Preview", () => {
    expect(modesOf(detail({}))).toEqual(["summary", "transcription", "mindmap", "aha", "research", "podcast"]);
    expect(modesOf(detail({ fileType: "local_file" }))).toEqual(["summary", "preview", "mindmap", "aha", "research", "podcast"]);
  });
  it("says which state a mode is in", () => {
    expect(modeState(detail({ transcodeStatus: "ing", transcribeStatus: 0 }), "transcription")).toBe("transcoding");
    expect(modeState(detail({ summaryStatus: 0, problem: { code: "no_model", message: "x" } }), "summary")).toBe("problem");
    expect(modeState(detail({ transcribeStatus: 3 }), "transcription")).toBe("failed");
    expect(modeState(detail({ summaryStatus: 3 }), "mindmap")).toBe("failed");
    expect(modeState(detail({}), "summary")).toBe("ready");
  });
  it("goes on from a transcoder that gave up: the original is transcribed, so that is no failure", () => {
    const gaveUp = (over: Partial<AnalysisFileDetail>) => detail({ transcodeStatus: "fail", ...over });
    expect(modeState(gaveUp({ transcribeStatus: 1, summaryStatus: 0 }), "transcription")).toBe("processing");
    expect(isProcessing(gaveUp({ transcribeStatus: 1, summaryStatus: 0 }))).toBe(true);
    expect(modeState(gaveUp({ transcribeStatus: 2, summaryStatus: 2 }), "transcription")).toBe("ready");
    expect(modeState(gaveUp({ transcribeStatus: 2, summaryStatus: 2 }), "summary")).toBe("ready");
    expect(modeState(gaveUp({ transcribeStatus: 3 }), "transcription")).toBe("failed");
  });
});

describe("waveform peaks", () => {
  it("takes the loudest sample of each slice, scaled to 1", () => {
    expect(computePeaks([0, 0.5, -0.25, 0.1], 2)).toEqual([1, 0.5]);
    expect(computePeaks([], 10)).toEqual([]);
    expect(computePeaks([0, 0, 0], 3)).toEqual([0, 0, 0]);
  });
});
