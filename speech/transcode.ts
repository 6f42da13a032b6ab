// POST /v1/audio/transcode (ours, not OpenAI's): a browser-playable copy of any audio or video
// file's sound, with its duration in the X-Duration-Seconds header.
import path from "node:path";
import { field, readUpload, sendFile, withJob, type Ctx } from "./context.ts";
import { badRequest } from "./errors.ts";
import { FORMATS, transcodeAudio } from "./media.ts";

const TRANSCODE_FORMATS = ["mp3", "m4a", "wav"] as const;

export async function transcode(ctx: Ctx): Promise<void> {
  await withJob(ctx, async (job) => {
    const form = await readUpload(ctx, job);
    const format = (field(form, "format") || "mp3") as (typeof TRANSCODE_FORMATS)[number];
    if (!TRANSCODE_FORMATS.includes(format)) throw badRequest(`format must be one of ${TRANSCODE_FORMATS.join(", ")}`, "format", "invalid_format");

    await job.start();
    const output = path.join(job.dir, `output.${format}`);
    const duration = await transcodeAudio(form.input, output, format, ctx.config.maxDurationSeconds, ctx.signal);
    await sendFile(ctx, output, FORMATS[format].contentType, { "x-duration-seconds": duration.toFixed(3) });
  });
}
