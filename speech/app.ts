// The HTTP surface: authentication, the route table, and OpenAI-shaped errors. The Worker is the
// only caller, with a shared key; the service listens on loopback by default.
import http from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createHash, timingSafeEqual } from "node:crypto";
import type { SpeechConfig } from "./config.ts";
import { JobQueue } from "./queue.ts";
import { speechJailMode } from "./jail.ts";
import type { Ctx } from "./context.ts";
import { ApiError, sendError } from "./errors.ts";
import { transcriptions } from "./transcriptions.ts";
import { speech } from "./speech.ts";
import { transcode } from "./transcode.ts";

const MODELS = ["pocketsphinx-en-us", "espeak-ng", "ffmpeg-transcode"];

const ROUTES: Record<string, (ctx: Ctx) => Promise<void>> = {
  "POST /v1/audio/transcriptions": transcriptions,
  "POST /v1/audio/speech": speech,
  "POST /v1/audio/transcode": transcode,
  "GET /v1/models": async (ctx) => {
    const body = JSON.stringify({ object: "list", data: MODELS.map((id) => ({ id, object: "model", created: 0, owned_by: "local" })) });
    ctx.res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
    ctx.res.end(body);
  },
  "GET /health": async (ctx) => {
    const body = JSON.stringify({ ok: true, status: "healthy", isolation: speechJailMode(), jobs: ctx.queue.stats() });
    ctx.res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
    ctx.res.end(body);
  },
};

/** Constant-time comparison; hashing first makes the lengths equal so timingSafeEqual applies. */
function authorized(header: string | undefined, key: string): boolean {
  if (!key) return true;
  const presented = /^Bearer (.+)$/.exec(header ?? "")?.[1] ?? "";
  return timingSafeEqual(createHash("sha256").update(presented).digest(), createHash("sha256").update(key).digest());
}

/** After an early answer (413, 400) the rest of the upload is read and dropped, up to a bound, so the client sees the answer. */
const DRAIN_LIMIT = 64 * 1024 * 1024;
function drain(req: IncomingMessage): void {
  if (req.complete) return;
  let drained = 0;
  req.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) req.socket.destroy();
  });
  req.resume();
}

export function createSpeechServer(config: SpeechConfig): http.Server {
  const queue = new JobQueue(config.maxActiveJobs, config.maxQueuedRequests);

  async function handle(req: IncomingMessage, res: ServerResponse, signal: AbortSignal): Promise<void> {
    if (!authorized(req.headers.authorization, config.apiKey))
      throw new ApiError(401, "Incorrect API key provided for the local speech service.", { code: "invalid_api_key" });
    const pathname = new URL(req.url ?? "/", "http://speech.local").pathname.replace(/\/+$/, "") || "/";
    const method = req.method ?? "GET";
    const route = ROUTES[`${method} ${pathname}`];
    if (!route) {
      const known = Object.keys(ROUTES).some((k) => k.endsWith(` ${pathname}`));
      throw new ApiError(known ? 405 : 404, `${known ? "Method not allowed" : "Invalid URL"} (${method.slice(0, 10)} ${pathname.slice(0, 200)})`);
    }
    await route({ req, res, config, queue, signal });
  }

  return http.createServer((req, res) => {
    const controller = new AbortController();
    // "close" before the answer ended: the client went away, so its tools are stopped.
    res.on("close", () => {
      if (!res.writableFinished) controller.abort(new Error("client went away"));
    });
    handle(req, res, controller.signal).catch((err: unknown) => {
      if (controller.signal.aborted) return; // nobody is listening any more
      sendError(res, err, req);
      drain(req);
    });
  });
}
