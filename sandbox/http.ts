// Small HTTP helpers shared by every route: one JSON envelope, one error type, bounded bodies.
import type { IncomingMessage, ServerResponse } from "node:http";
import * as v from "valibot";

/** An error whose message is safe to show to the caller, with the status to answer. */
export class HttpError extends Error {
  status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  res.end(text);
}

export function ok(res: ServerResponse, data: Record<string, unknown> = {}, status = 200): void {
  sendJson(res, status, { ok: true, ...data });
}

/** Reads the whole body, refusing more than `limit` bytes so a caller cannot exhaust memory. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) throw new HttpError(413, "Request body too large");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > limit) throw new HttpError(413, "Request body too large");
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON body against a valibot schema; an empty body counts as `{}`. */
export async function readJson<S extends v.GenericSchema>(req: IncomingMessage, schema: S, limit = 12 * 1024 * 1024): Promise<v.InferOutput<S>> {
  const raw = await readBody(req, limit);
  let value: unknown = {};
  if (raw.length > 0) {
    try {
      value = JSON.parse(raw.toString("utf8"));
    } catch {
      throw new HttpError(400, "Invalid JSON body");
    }
  }
  const parsed = v.safeParse(schema, value);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const where = issue ? v.getDotPath(issue) : null;
    throw new HttpError(400, `Invalid body${where ? ` at ${where}` : ""}: ${issue?.message ?? "bad value"}`);
  }
  return parsed.output;
}

/** Maps filesystem error codes to the status a caller can act on; anything else stays a 500. */
export function fsErrorStatus(err: unknown): HttpError | null {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOENT") return new HttpError(404, "Not found");
  if (code === "ENOTDIR") return new HttpError(400, "Not a directory");
  if (code === "EISDIR") return new HttpError(400, "Is a directory");
  if (code === "EEXIST") return new HttpError(409, "Already exists");
  if (code === "ENAMETOOLONG") return new HttpError(400, "Name too long");
  return null;
}
