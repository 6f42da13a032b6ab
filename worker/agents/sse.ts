/**
 * Server-sent events, read straight off a response body: the providers' streaming protocols are
 * SSE. One pass over each network read, no stream per layer: with a hundred replies streaming
 * through one room, the cost of each event is what the room can keep up with.
 *
 * Lines end in LF or CRLF (a lone CR, allowed by the format, is used by no provider). Comments and
 * unknown fields are skipped; an event without a blank line after it when the body ends is dropped,
 * as the format says.
 */
export type SseHandler = (event: string, data: string) => void;

export async function readServerSentEvents(body: ReadableStream<Uint8Array>, onEvent: SseHandler): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let event = "";
  let data: string[] = [];
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let start = 0;
      for (let end = buffer.indexOf("\n"); end >= 0; end = buffer.indexOf("\n", start)) {
        const line = end > start && buffer.charCodeAt(end - 1) === 13 ? buffer.slice(start, end - 1) : buffer.slice(start, end);
        start = end + 1;
        if (line === "") {
          if (data.length > 0) onEvent(event || "message", data.join("\n"));
          event = "";
          data = [];
          continue;
        }
        const colon = line.indexOf(":");
        if (colon === 0) continue;
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? "" : line.charCodeAt(colon + 1) === 32 ? line.slice(colon + 2) : line.slice(colon + 1);
        if (field === "data") data.push(value);
        else if (field === "event") event = value;
      }
      buffer = buffer.slice(start);
    }
    finished = true;
  } finally {
    // Stopped early (pause, a handler that threw): close the connection instead of leaving it to drain.
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
}
