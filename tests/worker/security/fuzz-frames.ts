import { workerFetch } from "../worker-fetch";
import { ORIGIN } from "../helpers";
import { FRAME_BURST } from "../../../contract";
import { CHARS_PER_COST } from "../../../worker/rooms/frame-budget";
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
  /** Frames the room is proven to have handled: each socket's proof answer came after all of them. */
  handled: number;
  sockets: number;
  /** Close codes of sockets that ended before their proof answer, e.g. 1011 if the room crashed. */
  closes: Record<number, number>;
}

/**
 * The last frame of each socket, answered by the room's own handler: an empty message it refuses
 * with an ack naming this id. (A ping would not do: the platform answers pings itself, possibly
 * before the room has handled the frames sent before it.) Nothing is stored.
 */
function proofFrame(id: number): { frame: string; messageId: string } {
  const messageId = `msg_fuzzproof_${id}`;
  return { messageId, frame: JSON.stringify({ type: "chat_message", message_id: messageId, chat_type: 0, data: { content: { text: "" } } }) };
}
const PROOF_WAIT_MS = 15_000;

/** What a frame costs of its socket's budget, as the room counts it (worker/rooms/frame-budget.ts). */
const costOf = (frame: string | ArrayBuffer) => 1 + Math.floor((typeof frame === "string" ? frame.length : frame.byteLength) / CHARS_PER_COST);

/**
 * One socket's worth: as many frames as its burst budget allows (a flood would only be closed
 * with 4008, unread), then the proof frame. Frames of one socket are handled in order, so its
 * refusing ack proves the room handled every frame before it and is still alive.
 */
async function oneSocket(r: Rng, w: World, chatId: string, left: number, tally: FrameTally): Promise<number> {
  const res = await workerFetch(`${ORIGIN}/api/chats/${chatId}/ws`, {
    headers: { upgrade: "websocket", authorization: `Bearer ${w.alice.token}`, origin: ORIGIN },
  });
  const ws = res.webSocket;
  if (!ws) throw new Error(`room socket refused: ${res.status} ${await res.text()}`);
  ws.accept();
  tally.sockets += 1;
  const proof = proofFrame(tally.sockets);
  const outcome = new Promise<"proved" | number>((resolve) => {
    ws.addEventListener("message", (e) => typeof e.data === "string" && e.data.includes('"chat_ack"') && e.data.includes(proof.messageId) && resolve("proved"));
    ws.addEventListener("close", (e) => resolve(e.code));
    setTimeout(() => resolve(0), PROOF_WAIT_MS);
  });
  let budget = FRAME_BURST - costOf(proof.frame);
  let sent = 0;
  while (sent < left) {
    const frame = nextFrame(r, w);
    const cost = costOf(frame);
    if (cost > budget) break;
    budget -= cost;
    ws.send(frame);
    sent += 1;
  }
  ws.send(proof.frame);
  const result = await outcome;
  if (result === "proved") tally.handled += sent;
  else tally.closes[result] = (tally.closes[result] ?? 0) + 1;
  ws.close(1000, "fuzz done");
  return sent;
}

/** Sends `count` broken frames to the room of `chatId` as Alice, over `parallel` sockets at a time. */
export async function fuzzFrames(r: Rng, w: World, chatId: string, count: number, parallel: number, tally: FrameTally): Promise<void> {
  let issued = 0;
  const lane = async () => {
    while (issued < count) {
      // Claimed before the socket opens, so lanes never send more than `count` between them.
      const claim = Math.min(FRAME_BURST, count - issued);
      issued += claim;
      const sent = await oneSocket(r, w, chatId, claim, tally);
      issued -= claim - sent;
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
}
