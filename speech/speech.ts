// POST /v1/audio/speech: OpenAI's text-to-speech endpoint, spoken by espeak-ng and encoded by ffmpeg.
import fs from "node:fs/promises";
import path from "node:path";
import * as v from "valibot";
import { readBody } from "../sandbox/http.ts";
import { sendFile, withJob, type Ctx } from "./context.ts";
import { ApiError, badRequest } from "./errors.ts";
import { encodeSpeech, FORMATS, type FormatName } from "./media.ts";
import { run } from "./run.ts";
import { espeakRate, espeakVoice, isKnownVoiceName } from "./voices.ts";

const MAX_INPUT_CHARS = 4096;
const SPEECH_FORMATS = ["mp3", "opus", "aac", "flac", "wav", "pcm"] as const satisfies readonly FormatName[];

const SpeechBody = v.object({
  model: v.pipe(v.string(), v.minLength(1, "You must provide a model parameter")),
  input: v.string(),
  voice: v.pipe(v.string(), v.minLength(1)),
  response_format: v.optional(v.picklist(SPEECH_FORMATS), "mp3"),
  speed: v.optional(v.pipe(v.number(), v.minValue(0.25), v.maxValue(4)), 1),
  instructions: v.optional(v.string()),
});

/** The JSON body checked against the schema; a refusal names the offending field in `param`, as OpenAI's do. */
async function readSpeechBody(ctx: Ctx): Promise<v.InferOutput<typeof SpeechBody>> {
  const raw = await readBody(ctx.req, 256 * 1024);
  let value: unknown;
  try {
    value = JSON.parse(raw.toString("utf8"));
  } catch {
    throw badRequest("The body must be JSON: {model, input, voice, response_format?, speed?}", undefined, "invalid_json");
  }
  const parsed = v.safeParse(SpeechBody, value);
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  const param = issue ? (v.getDotPath(issue) ?? undefined) : undefined;
  throw badRequest(`Invalid ${param ?? "body"}: ${issue?.message ?? "bad value"}`, param, "invalid_value");
}

export async function speech(ctx: Ctx): Promise<void> {
  await withJob(ctx, async (job) => {
    const body = await readSpeechBody(ctx);
    const characters = [...body.input].length;
    if (characters === 0) throw badRequest("input must not be empty", "input", "empty_input");
    if (characters > MAX_INPUT_CHARS)
      throw badRequest(`input is ${characters} characters long; the limit is ${MAX_INPUT_CHARS}`, "input", "string_above_max_length");
    if (!isKnownVoiceName(body.voice)) throw badRequest(`Unknown voice '${body.voice.slice(0, 40)}'`, "voice", "invalid_voice");

    await job.start();
    const wav = path.join(job.dir, "espeak.wav");
    // The text goes in on stdin: a line starting with "-" is then text, never an option.
    const spoken = await run("espeak-ng", ["-v", espeakVoice(body.voice, body.input), "-s", String(espeakRate(body.speed)), "-b", "1", "--stdin", "-w", wav], {
      dir: job.dir,
      signal: ctx.signal,
      timeoutMs: 120_000,
      input: body.input,
      maxStdout: 64 * 1024,
    });
    // espeak-ng exits 0 even when it could not write its file, so the file itself is checked.
    const written = await fs.stat(wav).catch(() => null);
    if (spoken.code !== 0 || !written || written.size <= 44) {
      if (/voice does not exist/i.test(spoken.stderr)) throw badRequest(`Unknown voice '${body.voice.slice(0, 40)}'`, "voice", "invalid_voice");
      throw new ApiError(500, "espeak-ng could not speak the text");
    }
    const output = path.join(job.dir, `speech.${body.response_format}`);
    await encodeSpeech(wav, output, body.response_format, ctx.signal);
    await sendFile(ctx, output, FORMATS[body.response_format].contentType);
  });
}
