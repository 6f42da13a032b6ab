import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { scriptDirective } from "../fakes/fake-llm-script.ts";
import { ANALYSIS_ANSWER, ANALYSIS_MARKER } from "../fakes/fake-llm-analysis.ts";
import { newPerson, resizeTo, useBrowser } from "./browser.ts";
import { ALICE, eventually, signInToAcme, uniqueName, writeHeaders } from "./flows.ts";
import { dissolveGroup, openFreshGroup, scrollsSideways, sendFiles, watchForPayloads, type UploadFile } from "./previews-flows.ts";
import { openFromExplorer, useProjectOwner } from "./workspace-flows.ts";

/**
 * The file analysis viewer (spec 03 §2.4) in Chromium on the real pipeline: a recording spoken by
 * espeak-ng and encoded by ffmpeg at test time is sent to a chat, the Worker's queue jobs transcode,
 * transcribe (the local speech service: pocketsphinx), summarise and draw insights (the scripted model, which the
 * `[analysis]` in the file name asks for one JSON answer fitting every analysis prompt), and the
 * viewer shows every mode.
 */

const browser = useBrowser();
const owner = useProjectOwner(browser);
/** The whole pipeline runs through queue jobs with retries; a few steps of a few seconds each. */
const PIPELINE_MS = 120_000;

/**
 * Sentences pocketsphinx reliably hears in espeak-ng's klatt voice (tests/speech/roundtrip.test.ts);
 * the blank lines are paragraph breaks, where espeak pauses and the recogniser starts a new segment.
 */
const SPOKEN = "The cat sat on the mat.\n\nThree four five six seven eight nine ten.\n\nPlease call me tomorrow morning.\n";

/** A short real recording: the sentences spoken by espeak-ng, encoded to mp3 by ffmpeg. */
function spokenRecording(name: string): UploadFile {
  const dir = mkdtempSync(join(tmpdir(), "analysis-e2e-"));
  try {
    const text = join(dir, "speech.txt");
    const wav = join(dir, "speech.wav");
    const mp3 = join(dir, "speech.mp3");
    writeFileSync(text, SPOKEN);
    execFileSync("espeak-ng", ["-v", "en-us+klatt", "-f", text, "-w", wav]);
    execFileSync("ffmpeg", ["-v", "error", "-y", "-i", wav, "-ac", "1", "-b:a", "64k", mp3]);
    return { name, mimeType: "audio/mpeg", buffer: readFileSync(mp3) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function shown(viewer: Locator, testId: string): Promise<void> {
  try {
    await viewer.getByTestId(testId).waitFor({ timeout: PIPELINE_MS });
  } catch (error) {
    throw new Error(`${(error as Error).message}\nThe viewer showed: ${await viewer.textContent()}`);
  }
}

async function chooseMode(page: Page, mode: string): Promise<void> {
  await page.getByTestId(`analysis-mode-${mode}`).click();
  await eventually(() => page.getByTestId(`analysis-mode-${mode}`).getAttribute("aria-selected")).toBe("true");
}

describe("file analysis viewer", () => {
  it("analyses a recording sent to a chat and shows every mode; a transcript segment seeks the audio", async () => {
    const { context, page } = await newPerson(browser());
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const payloads = watchForPayloads(page);
    await signInToAcme(page, ALICE);
    const chatId = await openFreshGroup(page, uniqueName("Analysis"));
    try {
      await sendFiles(page, [spokenRecording(`standup ${ANALYSIS_MARKER}.mp3`)], "recording a01");
      await page.getByTestId("attachment-analyze").last().click();
      const viewer = page.getByTestId("analysis-dialog");
      await viewer.waitFor();

      // Summary, once transcoding, transcription, the summary and the insights are done.
      await shown(viewer, "analysis-summary");
      expect(await viewer.locator(".anv-summary__title").textContent()).toBe(ANALYSIS_ANSWER.title);
      expect(await viewer.getByTestId("analysis-keywords").locator("li").allTextContents()).toEqual(ANALYSIS_ANSWER.keywords);
      expect(await viewer.getByTestId("analysis-summary-text").locator("strong").textContent()).toBe("moves to Friday");
      await viewer.getByTestId("summary-md2").click();
      expect(await viewer.getByTestId("analysis-summary-text").locator("h2").allTextContents()).toEqual(["Launch", "Review"]);

      // Transcription: the recogniser's segments with speaker and mm:ss; a click moves the audio there.
      await chooseMode(page, "transcription");
      const segments = viewer.getByTestId("analysis-segment");
      await segments.first().waitFor({ timeout: 30_000 });
      expect(await viewer.getByText("AI-generated transcript, may contain errors").count()).toBe(1);
      expect((await segments.allTextContents()).join(" ").toLowerCase()).toContain("seven eight nine ten");
      expect(await segments.count()).toBeGreaterThan(1);
      expect(await segments.first().locator(".anv-segment__time").textContent()).toMatch(/^\d\d:\d\d$/);
      const audio = viewer.getByTestId("analysis-media");
      await eventually(() => audio.evaluate((el) => (el as HTMLMediaElement).readyState >= 1)).toBe(true);
      const count = await segments.count();
      const target = segments.nth(count - 1);
      const start = Number(await target.getAttribute("data-start"));
      // Away from the segment first (1 s steps), so the click has somewhere to move the audio from.
      for (let i = 0; i < 3; i += 1) await viewer.getByRole("button", { name: start > 1.5 ? "Back 1 second" : "Forward 1 second" }).click();
      const before = await audio.evaluate((el) => (el as HTMLMediaElement).currentTime);
      await target.locator("button").click();
      const after = await audio.evaluate((el) => (el as HTMLMediaElement).currentTime);
      expect(after).not.toBe(before);
      expect(Math.abs(after - start)).toBeLessThan(0.05);
      expect(await target.getAttribute("aria-current")).toBe("true");
      await viewer.getByTestId("analysis-speed").selectOption("1.5");
      expect(await audio.evaluate((el) => (el as HTMLMediaElement).playbackRate)).toBe(1.5);

      // Mindmap: the outline drawn by Mermaid (strict mode) in a 600 px box, with the exports.
      await chooseMode(page, "mindmap");
      const map = viewer.getByTestId("analysis-mindmap");
      await map.getByTestId("mermaid-svg").locator("svg").waitFor({ timeout: 30_000 });
      expect(await map.evaluate((el) => el.getBoundingClientRect().height)).toBe(600);
      expect(await map.getByTestId("mermaid-svg").textContent()).toContain("Friday");
      const download = page.waitForEvent("download");
      await map.getByTestId("mermaid-save-png").click();
      expect((await download).suggestedFilename()).toMatch(/\.png$/);

      // Aha: cards with the arrow keys; the picture is purified, and opens in 'Insight details'.
      await chooseMode(page, "aha");
      const card = viewer.getByTestId("aha-card");
      expect(await card.textContent()).toContain("When is the launch?");
      await card.focus();
      await page.keyboard.press("ArrowRight");
      expect(await card.getAttribute("data-index")).toBe("1");
      const picture = await viewer.getByTestId("aha-svg").locator("img").getAttribute("src");
      const svg = decodeURIComponent(picture!.split(",")[1]!);
      expect(svg).toContain("Friday");
      expect(svg).not.toMatch(/script|onload/i);
      await viewer.getByTestId("aha-svg").click();
      await page.getByTestId("aha-details").waitFor();
      expect(await page.getByTestId("aha-details").getByRole("heading").textContent()).toBe("Insight details");
      await page.keyboard.press("Escape");
      await page.getByTestId("aha-details").waitFor({ state: "detached" });

      // Deep research: a question, Start (locked), generating, then the report; sharing gives a link.
      await chooseMode(page, "research");
      const question = `What changed about the launch? ${scriptDirective([{ text: "## Short answer\nThe launch moved to **Friday**." }])}`;
      await viewer.getByTestId("research-question").fill(question);
      await viewer.getByTestId("research-start").click();
      await viewer.getByTestId("research-answer").waitFor({ timeout: 60_000 });
      expect(await viewer.getByTestId("research-answer").locator("h2").textContent()).toBe("Short answer");
      await viewer.getByTestId("research-share-toggle").click();
      const link = await viewer.getByTestId("research-share-link").inputValue();
      expect(link).toMatch(/\/en\/share\/research\/dpr_/);

      // Podcast: Generate, then the player with its m:ss duration, waveform and subtitles.
      await chooseMode(page, "podcast");
      await viewer.getByTestId("podcast-generate").click();
      await shown(viewer, "podcast-player");
      expect(await viewer.getByTestId("podcast-duration").textContent()).toMatch(/^Duration \d+:\d\d$/);
      await viewer.getByTestId("podcast-subtitles").waitFor();
      expect(await viewer.getByTestId("podcast-subtitles").textContent()).toContain("The launch moves to Friday.");
      await eventually(() => viewer.getByTestId("podcast-waveform").getAttribute("data-drawn")).toBe("canvas");

      // Feedback: thumbs up is pressed at once.
      await viewer.getByTestId("feedback-like").click();
      await eventually(() => viewer.getByTestId("feedback-like").getAttribute("aria-pressed")).toBe("true");

      // A phone: the modes scroll within their row, nothing scrolls sideways.
      await resizeTo(page, 390, 800);
      for (const mode of ["summary", "transcription", "aha", "podcast"]) {
        await chooseMode(page, mode);
        expect(await scrollsSideways(page)).toBe(false);
      }
      await resizeTo(page, 1280, 800);
      await page.keyboard.press("Escape");

      // The shared report opens read-only for a colleague outside the chat (no start, feedback or sharing controls).
      const reader = owner().page;
      await reader.goto(link);
      await reader.getByTestId("research-answer").waitFor();
      expect(await reader.getByTestId("research-answer").locator("h2").textContent()).toBe("Short answer");
      expect(await reader.getByTestId("research-start").count()).toBe(0);
      expect(await reader.getByTestId("feedback-like").count()).toBe(0);
      expect(await reader.getByTestId("research-share").count()).toBe(0);
      await payloads.expectNothingRan();
    } finally {
      await dissolveGroup(page, chatId);
      await context.close();
    }
  }, 400_000);

  it("offers Analyze on a project document, whose viewer opens in a tab with Preview instead of Transcription", async () => {
    const notes = `notes ${ANALYSIS_MARKER}.md`;
    const { page } = owner();
    await owner().openFreshProject("Analyze", async ({ projectId }) => {
      const res = await page.request.post(`/api/coding-projects/${projectId}/file-content?filePath=${encodeURIComponent(notes)}`, {
        data: { file_content: "# Launch\n\nThe launch moves to Friday. Everyone reviews the plan.\n" },
        headers: writeHeaders(page),
      });
      expect(res.status(), await res.text()).toBe(200);
    });
    await page.getByTestId(`explorer-node-${notes}`).waitFor({ timeout: 30_000 });
    await openFromExplorer(page, notes);
    await page.getByTestId("viewer-analyze").click();
    const tab = page.getByTestId(`viewer-tab-analysis:${notes}`);
    await eventually(() => tab.getAttribute("aria-selected")).toBe("true");
    const viewer = page.getByTestId("analysis-viewer");
    await shown(viewer, "analysis-summary");
    expect(await viewer.locator(".anv-summary__title").textContent()).toBe(ANALYSIS_ANSWER.title);
    expect(await viewer.getByTestId("analysis-mode-transcription").count()).toBe(0);
    await chooseMode(page, "preview");
    await viewer.getByTestId("file-preview").waitFor();
    await eventually(() => viewer.getByTestId("file-preview").textContent()).toContain("The launch moves to Friday.");
  }, 240_000);
});
