// What every route gets, and the frame each job runs in: admitted to the queue before its body is
// read, given a private temporary folder that is always removed, and stopped if the client leaves.
import type { IncomingMessage, ServerResponse } from "node:http";
import fs from "node:fs/promises";
import { createReadStream, rmSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { SpeechConfig } from "./config.ts";
import type { JobQueue } from "./queue.ts";
import { readMultipart, type Multipart } from "./multipart.ts";
import { badRequest, fileTooLarge } from "./errors.ts";
import { adopt } from "./jail.ts";

export type Ctx = {
  req: IncomingMessage;
  res: ServerResponse;
  config: SpeechConfig;
  queue: JobQueue;
  /** Aborts when the client goes away before its answer is complete. */
  signal: AbortSignal;
};

export type Job = {
  /** The request's own folder (mode 0700); file names inside are ours, never the caller's. */
  dir: string;
  /** Waits for a job slot: call it once the request is read, right before the tools run. */
  start(): Promise<void>;
};

/** Folders of requests in progress, removed on exit too (a shutdown does not wait for their jobs to unwind). */
const liveDirs = new Set<string>();

export function removeLiveDirs(): void {
  for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true });
}

export async function withJob<T>(ctx: Ctx, work: (job: Job) => Promise<T>): Promise<T> {
  const ticket = ctx.queue.admit();
  let dir: string | null = null;
  try {
    dir = await fs.mkdtemp(path.join(ctx.config.tmpDir, "speech-"));
    liveDirs.add(dir);
    await adopt(dir);
    return await work({ dir, start: () => ticket.start(ctx.signal) });
  } finally {
    ticket.done();
    if (dir) {
      await fs.rm(dir, { recursive: true, force: true }).catch((err: unknown) => console.error("[speech] could not remove", dir, err));
      liveDirs.delete(dir);
    }
  }
}

/** Reads a multipart upload whose `file` part lands at `<dir>/input`. */
export async function readUpload(ctx: Ctx, job: Job): Promise<Multipart & { input: string }> {
  const input = path.join(job.dir, "input");
  // A declared length past the limit is refused before reading; an undeclared or false one is caught while counting.
  if (Number(ctx.req.headers["content-length"] ?? 0) > ctx.config.maxUploadBytes + 1024 * 1024) throw fileTooLarge(ctx.config.maxUploadBytes);
  const form = await readMultipart(ctx.req, {
    fileField: "file",
    filePath: input,
    maxFileBytes: ctx.config.maxUploadBytes,
    maxFieldBytes: 64 * 1024,
    maxParts: 64,
  });
  if (!form.file) throw badRequest("Missing the audio file: send it in the multipart field `file`", "file", "missing_file");
  if (form.file.size === 0) throw badRequest("The uploaded file is empty", "file", "empty_file");
  await adopt(input);
  return { ...form, input };
}

/** One value of a form field; repeated single-value fields are refused rather than guessed at. */
export function field(form: Multipart, name: string): string | undefined {
  const values = form.fields.get(name);
  if (!values) return undefined;
  if (values.length > 1) throw badRequest(`The field \`${name}\` was sent more than once`, name);
  return values[0];
}

/** Streams a file we produced as the answer (the job's folder is removed after it is sent). */
export async function sendFile(ctx: Ctx, file: string, contentType: string, headers: Record<string, string> = {}): Promise<void> {
  const { size } = await fs.stat(file);
  ctx.res.writeHead(200, { "content-type": contentType, "content-length": size, "cache-control": "no-store", ...headers });
  await pipeline(createReadStream(file), ctx.res);
}

export function sendJson(ctx: Ctx, body: unknown): void {
  const text = JSON.stringify(body);
  ctx.res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text), "cache-control": "no-store" });
  ctx.res.end(text);
}

export function sendText(ctx: Ctx, text: string): void {
  ctx.res.writeHead(200, { "content-type": "text/plain; charset=utf-8", "content-length": Buffer.byteLength(text), "cache-control": "no-store" });
  ctx.res.end(text);
}
