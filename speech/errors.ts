// Errors in OpenAI's wire shape, `{error: {message, type, param, code}}`, so an OpenAI client
// (the Worker's provider layer) reads ours exactly as it reads theirs.
import type { IncomingMessage, ServerResponse } from "node:http";
import { HttpError } from "../sandbox/http.ts";

export { HttpError };

/** An HttpError that also names the offending parameter and a machine-readable code. */
export class ApiError extends HttpError {
  param: string | null;
  code: string | null;
  constructor(status: number, message: string, opts: { param?: string; code?: string } = {}) {
    super(status, message);
    this.param = opts.param ?? null;
    this.code = opts.code ?? null;
  }
}

export const badRequest = (message: string, param?: string, code?: string) => new ApiError(400, message, { param, code });

export const fileTooLarge = (maxBytes: number) =>
  new ApiError(413, `The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit`, { param: "file", code: "file_too_large" });

/** A file that ffmpeg could not read, whatever the reason: the caller sent something that is not audio. */
export const undecodable = () =>
  new ApiError(400, "Could not decode the audio: the file is not an audio or video format this service reads, or it is damaged.", {
    param: "file",
    code: "invalid_audio",
  });

export function sendError(res: ServerResponse, err: unknown, req?: IncomingMessage): void {
  const known = err instanceof HttpError ? err : null;
  if (!known) console.error("[speech] request failed", req?.method, req?.url, err);
  const status = known?.status ?? 500;
  const body = JSON.stringify({
    error: {
      message: known?.message ?? "Internal error",
      type: status >= 500 ? "server_error" : "invalid_request_error",
      param: known instanceof ApiError ? known.param : null,
      code: known instanceof ApiError ? known.code : null,
    },
  });
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body), "cache-control": "no-store" });
  res.end(body);
}
