import { analysisTranscript } from "../../db/schema";
import { analysisKeys, isBrowserPlayable } from "../../analysis/kinds";
import { ensureOriginal, readBytes } from "../../analysis/source";
import { SPEECH_SETTINGS_HINT, providerFetch, speechProvider, transcodeUrlOf, transcribeAudio } from "../../analysis/speech-providers";
import { isCurrentRun, problemPatch, updateRun } from "../../analysis/store";
import { newId } from "../../lib/ids";
import { enqueueStep, type Step, type StepContext } from "./job";

const TRANSCODE_TIMEOUT_MS = 600_000;

async function transcodeRun({ env, db, file, job }: StepContext): Promise<void> {
  if (file.transcodeStatus !== "ing") return enqueueStep(env, "transcribe", file.id, job.runId);
  const key = await ensureOriginal(env, db, file);
  const transcoder = transcodeUrlOf(env);
  if (isBrowserPlayable(file.name) || !transcoder) {
    // Without a transcoder the original is offered as it is: flac, aac, opus and mov play in most browsers too.
    await updateRun(db, file.id, job.runId, { transcodeStatus: "suc", formatKey: key });
  } else {
    const form = new FormData();
    form.append("file", new File([await readBytes(env, key)], file.name, { type: file.mimeType }));
    const res = await providerFetch("The transcoder", transcoder.url, { method: "POST", headers: transcoder.headers, body: form }, TRANSCODE_TIMEOUT_MS);
    const seconds = Number(res.headers.get("x-duration-seconds"));
    const audio = await res.arrayBuffer();
    const out = analysisKeys(file.id).audio;
    await env.FILES.put(out, audio, { httpMetadata: { contentType: "audio/mpeg" }, customMetadata: { fileName: file.name.replace(/\.[^.]+$/, "") + ".mp3" } });
    await updateRun(db, file.id, job.runId, { transcodeStatus: "suc", formatKey: out, ...(seconds > 0 ? { duration: seconds } : {}) });
  }
  await enqueueStep(env, "transcribe", file.id, job.runId);
}

/** A recording the transcoder gave up on ("fail", no playable copy) is still transcribed from its original bytes. */
export const transcodeStep: Step = {
  run: transcodeRun,
  async fail({ env, db, file, job }, message) {
    console.error("analysis: transcoding failed for good", file.id, message);
    if (await updateRun(db, file.id, job.runId, { transcodeStatus: "fail" })) await enqueueStep(env, "transcribe", file.id, job.runId);
  },
};

export const transcribeStep: Step = {
  async run({ env, db, file, job }) {
    if (file.transcribeStatus === 2) return enqueueStep(env, "summarise", file.id, job.runId);
    if (file.transcribeStatus === 3) return;
    const provider = speechProvider(env);
    if (!provider) {
      await updateRun(db, file.id, job.runId, { transcribeStatus: 0, ...problemPatch({ code: "no_speech", message: SPEECH_SETTINGS_HINT }) });
      return;
    }
    if (!(await updateRun(db, file.id, job.runId, { transcribeStatus: 1, ...problemPatch(null) }))) return;
    const key = file.formatKey ?? (await ensureOriginal(env, db, file));
    const transcoded = key !== file.r2Key;
    const name = transcoded ? file.name.replace(/\.[^.]+$/, "") + ".mp3" : file.name;
    const result = await transcribeAudio(provider, { bytes: await readBytes(env, key), name, type: transcoded ? "audio/mpeg" : file.mimeType });
    if (!(await isCurrentRun(db, file.id, job.runId))) return;
    await db
      .insert(analysisTranscript)
      .values({ id: newId("trs"), fileId: file.id, segments: result.segments })
      .onConflictDoUpdate({ target: analysisTranscript.fileId, set: { segments: result.segments } });
    const lastEnd = result.segments.at(-1)?.end ?? null;
    const done = await updateRun(db, file.id, job.runId, {
      transcribeStatus: 2,
      language: result.language,
      duration: file.duration ?? result.duration ?? lastEnd,
    });
    if (done) await enqueueStep(env, "summarise", file.id, job.runId);
  },
  async fail({ db, file, job }, message) {
    await updateRun(db, file.id, job.runId, { transcribeStatus: 3, ...problemPatch({ code: "failed", message: `Transcription failed: ${message}` }) });
  },
};
