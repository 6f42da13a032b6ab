/**
 * Stored files answered in parts (RFC 9110 §14): a video player seeks with `Range: bytes=a-b` and
 * gets only those bytes, so a 50 MB clip never has to arrive whole before it plays from the middle.
 * Only one range is served; a list of ranges, or a header we cannot read, gets the whole file
 * (which the RFC allows). Callers check access first: this module only reads what they allow.
 */

export interface ByteRange {
  offset: number;
  length: number;
}

export type RangeDecision = { kind: "full" } | { kind: "partial"; range: ByteRange } | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/** What a `Range` header asks of a file of `size` bytes. */
export function decideRange(header: string | null | undefined, size: number): RangeDecision {
  const m = header ? SINGLE_RANGE.exec(header.trim()) : null;
  if (!m || (!m[1] && !m[2])) return { kind: "full" };
  if (!m[1]) {
    // `bytes=-N`: the last N bytes.
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    const length = Math.min(suffix, size);
    return { kind: "partial", range: { offset: size - length, length } };
  }
  const first = Number(m[1]);
  // `bytes=5-2` is not a range at all: the header is ignored.
  if (m[2] && Number(m[2]) < first) return { kind: "full" };
  if (first >= size) return { kind: "unsatisfiable" };
  const last = m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
  return { kind: "partial", range: { offset: first, length: last - first + 1 } };
}

/** The headers a stored file is served with, decided from what R2 recorded about it. */
export type StoredHeaders = (object: R2Object) => Headers;

/**
 * The file at `key` as a 200, a 206 with `Content-Range`, or a 416 naming its size; null when it is
 * not there. A request without `Range` costs one R2 read, as before; one with it costs a head first,
 * because the size decides what the range means.
 */
export async function serveStoredFile(bucket: R2Bucket, key: string, request: Request, headersOf: StoredHeaders): Promise<Response | null> {
  const rangeHeader = request.headers.get("range");
  if (!rangeHeader) {
    const object = await bucket.get(key);
    return object ? withBody(object, headersOf(object), 200) : null;
  }
  const head = await bucket.head(key);
  if (!head) return null;
  const decision = decideRange(rangeHeader, head.size);
  if (decision.kind === "unsatisfiable") {
    const headers = headersOf(head);
    headers.set("accept-ranges", "bytes");
    headers.set("content-range", `bytes */${head.size}`);
    return new Response(null, { status: 416, headers });
  }
  const object = await bucket.get(key, decision.kind === "partial" ? { range: decision.range } : undefined);
  if (!object) return null;
  const headers = headersOf(object);
  if (decision.kind === "full") return withBody(object, headers, 200);
  const { offset, length } = decision.range;
  headers.set("content-range", `bytes ${offset}-${offset + length - 1}/${object.size}`);
  return withBody(object, headers, 206);
}

function withBody(object: R2ObjectBody, headers: Headers, status: 200 | 206): Response {
  headers.set("accept-ranges", "bytes");
  headers.set("etag", object.httpEtag);
  return new Response(object.body, { status, headers });
}
