import type { Context } from "hono";
import { PageEvent, type PageEventInput } from "../../contract";
import { ApiError } from "../lib/envelope";
import { parseWith } from "../lib/validate";

/** An event is a few hundred bytes; the cap leaves room for a long referrer and nothing more. */
export const PAGE_EVENT_MAX_BYTES = 4096;
/**
 * `navigator.sendBeacon` with a string sends text/plain (a JSON Blob would need a CORS-checked type
 * some browsers refuse in a beacon), so both carry the event's JSON. A cross-site page could send
 * text/plain too: the origin guard refuses cookie-carrying requests from foreign pages before this.
 */
const TYPES = new Set(["application/json", "text/plain"]);

/** Reads and validates a page event from a fetch (JSON) or a beacon (text) body. */
export async function readPageEvent(c: Context): Promise<PageEventInput> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!TYPES.has(type)) throw new ApiError(415, "Content-Type must be application/json or text/plain");
  // The route's body limit has already refused anything past PAGE_EVENT_MAX_BYTES while it arrived.
  const text = await c.req.text();
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    throw new ApiError(400, "Malformed JSON in request body");
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) throw new ApiError(400, "Request body must be a JSON object");
  return parseWith(PageEvent, input);
}
