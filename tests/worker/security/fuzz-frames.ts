import { SELF } from "cloudflare:test";
import { ORIGIN } from "../helpers";
import { breakFields } from "./fuzz-bodies";
import { FUZZ_FRAMES } from "./fuzz-routes";
import { nastyString, nastyValue, type Rng } from "./fuzz-values";
import type { World } from "./world";

/** A frame that can never be valid: broken fields of a known type, an unknown type, non-JSON, or binary. */
export function nextFrame(r: Rng, w: World): string | ArrayBuffer {
  const roll = r.int(10);
  if (roll < 6) {
    const f = r.pick(FUZZ_FRAMES);
    return JSON.stringify({ type: f.type, ...breakFields(r, f.valid(w), f.fields, f.optional) });
  }
  if (roll < 7) return JSON.stringify({ type: nastyString(r).slice(0, 200), data: nastyValue(r) });
  if (roll < 8) return JSON.stringify(nastyValue(r));
  if (roll < 9) return r.pick(["{", "", "not json", "\u0000", '{"type":']);
  return new Uint8Array(Array.from({ length: 1 + r.int(64) }, () => r.int(256))).buffer;
}

export interface FrameTally {
  sent: number;
  /** Close codes the room used, e.g. 4008 for a flood; 1011 would mean it crashed. */
  closes: Record<number, number>;
  reconnects: number;
}

async function open(w: World, chatId: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  const res = await SELF.fetch(`${ORIGIN}/api/chats/${chatId}/ws`, { headers: { upgrade: "websocket", authorization: `Bearer ${w.alice.token}`, origin: ORIGIN } });
  const ws = res.webSocket;
  if (!ws) throw new Error(`room socket refused: ${res.status} ${await res.text()}`);
  ws.accept();
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
  return { ws, closed };
}

/**
 * Sends `count` broken frames to the room of `chatId` as Alice in bursts of `burst`, pausing
 * between bursts so a per-socket frame budget is exercised but does not end every burst. A socket
 * the room closes is reopened; its close code is counted.
 */
export async function fuzzFrames(r: Rng, w: World, chatId: string, count: number, burst: number, tally: FrameTally): Promise<void> {
  let sock = await open(w, chatId);
  let isClosed = false;
  const watch = (s: typeof sock) =>
    s.closed.then((code) => {
      tally.closes[code] = (tally.closes[code] ?? 0) + 1;
      if (s === sock) isClosed = true;
    });
  void watch(sock);
  while (tally.sent < count) {
    if (isClosed) {
      sock = await open(w, chatId);
      isClosed = false;
      tally.reconnects += 1;
      void watch(sock);
    }
    for (let i = 0; i < burst && tally.sent < count && !isClosed; i += 1) {
      try {
        sock.ws.send(nextFrame(r, w));
        tally.sent += 1;
      } catch {
        isClosed = true;
      }
    }
    // Let the room work through the burst (and any close arrive) before the next one.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  sock.ws.close(1000, "fuzz done");
}
