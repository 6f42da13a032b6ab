import * as v from "valibot";
import { ApiError } from "../lib/envelope";

/** Where a page of messages ended: the last hit's key and id (and bm25 score, sorting by best). */
export interface MessageCursor {
  sort: "newest" | "best";
  key: number;
  id: string;
  score?: number;
}

const CursorShape = v.object({
  s: v.picklist(["newest", "best"]),
  k: v.pipe(v.number(), v.integer(), v.minValue(0)),
  i: v.pipe(v.string(), v.maxLength(64)),
  sc: v.optional(v.pipe(v.number(), v.finite())),
});

export const INVALID_CURSOR = "Invalid cursor";

/** Opaque to the client: base64url of a small JSON object. */
export function encodeCursor(c: MessageCursor): string {
  const json = JSON.stringify({ s: c.sort, k: c.key, i: c.id, ...(c.score === undefined ? {} : { sc: c.score }) });
  return btoa(String.fromCharCode(...new TextEncoder().encode(json)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** A cursor of another sort order, or not one of ours at all, is refused. */
export function decodeCursor(text: string, sort: "newest" | "best"): MessageCursor {
  let parsed: unknown;
  try {
    const bytes = Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (ch) => ch.charCodeAt(0));
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ApiError(400, INVALID_CURSOR);
  }
  const result = v.safeParse(CursorShape, parsed);
  if (!result.success || result.output.s !== sort || (sort === "best") !== (result.output.sc !== undefined)) throw new ApiError(400, INVALID_CURSOR);
  return { sort, key: result.output.k, id: result.output.i, score: result.output.sc };
}
