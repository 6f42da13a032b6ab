import { and, eq } from "drizzle-orm";
import { analysisPodcast } from "../../db/schema";
import { analysisKeys } from "../../analysis/kinds";
import { askJson } from "../../analysis/model-json";
import { concatBytes, mp3Audio } from "../../analysis/mp3";
import { PODCAST_SYSTEM, PodcastAnswer, sourcePrompt } from "../../analysis/prompts";
import { sourceText } from "../../analysis/source";
import { ProviderError, SPEECH_SETTINGS_HINT, speak, speechProvider, type SpeechProvider } from "../../analysis/speech-providers";
import { toSrt, type Cue } from "../../analysis/srt";
import type { Step, StepContext } from "./job";

type PodcastPatch = Partial<typeof analysisPodcast.$inferInsert>;

/** Changes the podcast only while this request is still its latest. */
async function updatePodcast({ db, file, job }: StepContext, patch: PodcastPatch): Promise<boolean> {
  const done = await db
    .update(analysisPodcast)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(analysisPodcast.fileId, file.id), eq(analysisPodcast.runId, job.runId)))
    .returning({ id: analysisPodcast.fileId });
  return done.length > 0;
}

/** Each speaker keeps one voice; with one voice configured the episode is a monologue in it. */
function voiceOf(provider: SpeechProvider, speakers: string[], speaker: string): string {
  const i = Math.max(0, speakers.indexOf(speaker));
  return provider.voices[i % provider.voices.length]!;
}

/** Spoken lines one after another; each cue starts where the audio before it ends. */
async function speakAll(provider: SpeechProvider, lines: { speaker: string; text: string }[]) {
  const speakers = [...new Set(lines.map((l) => l.speaker))];
  const frames: Uint8Array[] = [];
  const cues: Cue[] = [];
  let at = 0;
  for (const line of lines) {
    const audio = mp3Audio(await speak(provider, line.text, voiceOf(provider, speakers, line.speaker)));
    if (!audio) throw new ProviderError("The text-to-speech service answered audio that is not mp3", false);
    frames.push(audio.frames);
    cues.push({ speaker: line.speaker, text: line.text, startSeconds: at, seconds: audio.seconds });
    at += audio.seconds;
  }
  return { audio: concatBytes(frames), srt: toSrt(cues), seconds: at };
}

/** A podcast about the file: a script from the language model, spoken line by line, with SRT subtitles timed by each line's audio. */
export const podcastStep: Step = {
  async run(ctx) {
    const { env, db, file, job } = ctx;
    const [row] = await db.select().from(analysisPodcast).where(eq(analysisPodcast.fileId, file.id)).limit(1);
    if (!row || row.runId !== job.runId || row.status !== 1) return;
    const provider = speechProvider(env);
    if (!provider) throw new ProviderError(SPEECH_SETTINGS_HINT, false);
    const script = await askJson(env, PodcastAnswer, PODCAST_SYSTEM, sourcePrompt(file.name, await sourceText(env, db, file)));
    const spoken = await speakAll(provider, script.lines);
    const keys = analysisKeys(file.id);
    // Keyed per request, so a newer podcast never has its files overwritten by an older request's late job.
    const audioKey = `${keys.podcast}.${job.runId}`;
    const srtKey = `${keys.srt}.${job.runId}`;
    await env.FILES.put(audioKey, spoken.audio, { httpMetadata: { contentType: "audio/mpeg" } });
    await env.FILES.put(srtKey, spoken.srt, { httpMetadata: { contentType: "text/plain; charset=utf-8" } });
    const done = await updatePodcast(ctx, { status: 2, audioKey, srtKey, durationMs: Math.round(spoken.seconds * 1000), error: null });
    if (done && row.audioKey && row.audioKey !== audioKey) await env.FILES.delete([row.audioKey, row.srtKey ?? row.audioKey]);
  },
  async fail(ctx, message) {
    await updatePodcast(ctx, { status: 3, error: `The podcast failed: ${message}` });
  },
};
