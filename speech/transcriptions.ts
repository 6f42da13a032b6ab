// POST /v1/audio/transcriptions: OpenAI's transcription endpoint, answered by pocketsphinx.
import path from "node:path";
import { field, readUpload, sendJson, sendText, withJob, type Ctx } from "./context.ts";
import { badRequest } from "./errors.ts";
import { decodeForRecognition } from "./media.ts";
import { recognize } from "./recognize.ts";
import { toSrt, toVtt, transcriptOf, transcriptText, verboseJson } from "./transcript.ts";

const RESPONSE_FORMATS = ["json", "text", "verbose_json", "srt", "vtt"] as const;
type ResponseFormat = (typeof RESPONSE_FORMATS)[number];

/** The only model is English: "en", "en-US", "english" pass; anything else is refused, not mistranscribed. */
function checkLanguage(language: string | undefined): void {
  if (language === undefined || language === "") return;
  if (/^en([-_][a-z0-9]+)*$/i.test(language) || /^english$/i.test(language)) return;
  throw badRequest(
    `Language '${language.slice(0, 40)}' is not supported: the local speech service transcribes English only (language "en").`,
    "language",
    "unsupported_language",
  );
}

export async function transcriptions(ctx: Ctx): Promise<void> {
  await withJob(ctx, async (job) => {
    const form = await readUpload(ctx, job);
    if (!field(form, "model")) throw badRequest("You must provide a model parameter", "model", "missing_model");
    checkLanguage(field(form, "language"));
    const format = (field(form, "response_format") || "json") as ResponseFormat;
    if (!RESPONSE_FORMATS.includes(format))
      throw badRequest(`response_format must be one of ${RESPONSE_FORMATS.join(", ")}`, "response_format", "invalid_response_format");
    const granularities = [...(form.fields.get("timestamp_granularities[]") ?? []), ...(form.fields.get("timestamp_granularities") ?? [])];
    if (granularities.some((g) => g !== "word" && g !== "segment"))
      throw badRequest("timestamp_granularities[] takes `word` and/or `segment`", "timestamp_granularities[]", "invalid_granularity");

    await job.start();
    const wav = path.join(job.dir, "audio.wav");
    const duration = await decodeForRecognition(form.input, wav, ctx.config.maxDurationSeconds, ctx.signal);
    const fast = duration > ctx.config.fastAfterSeconds;
    const transcript = transcriptOf(await recognize(wav, duration, { modelDir: ctx.config.modelDir, fast, signal: ctx.signal }), duration);

    if (format === "json") return sendJson(ctx, { text: transcriptText(transcript) });
    if (format === "verbose_json") return sendJson(ctx, verboseJson(transcript, granularities.includes("word")));
    if (format === "srt") return sendText(ctx, toSrt(transcript.segments));
    if (format === "vtt") return sendText(ctx, toVtt(transcript.segments));
    return sendText(ctx, `${transcriptText(transcript)}\n`);
  });
}
