import { workerFetch } from "../worker-fetch";
import { ORIGIN } from "../helpers";
import { FRAME_BURST } from "../../../contract";
import { CHARS_PER_COST } from "../../../worker/rooms/frame-budget";
import { breakFields } from "./fuzz-bodies";
import { OBJECT_CLASSES, ALL_VARIANTS, brokenObjects, classesOf, key, requiredFieldKeys, type Planned } from "./fuzz-corpus";
import { FUZZ_FRAMES } from "./fuzz-routes";
import { STRING_VARIANTS, nastyString, nastyValue, type Rng } from "./fuzz-values";
import type { World } from "./world";

const NOT_JSON = ["{", "", "not json", "\u0000", '{"type":'];
const BINARY_LENGTHS = [1, 2, 64];
/** Frame-level classes, beside each frame type's broken fields. */
export const FRAME_CLASSES = ["unknown type", "not an object", "not JSON", "binary"];

/** A frame that can never be valid: broken fields of a known type, an unknown type, non-JSON, or binary. */
export function nextFrame(r: Rng, w: World): string | ArrayBuffer {
  const roll = r.int(10);
  if (roll < 6) {
    const f = r.pick(FUZZ_FRAMES);
    return JSON.stringify({ type: f.type, ...breakFields(r, f.valid(w), f.fields, f.optional) });
  }
  if (roll < 7) return JSON.stringify({ type: nastyString(r).slice(0, 200), data: nastyValue(r) });
  if (roll < 8) return JSON.stringify(nastyValue(r));
  if (roll < 9) return r.pick(NOT_JSON);
  return bytes(r, 1 + r.int(64));
}

const bytes = (r: Rng, length: number) => new Uint8Array(Array.from({ length }, () => r.int(256))).buffer;

/**
 * The systematic frame corpus: every frame type's fields broken every way (fuzz-corpus.ts), every
 * nasty string as an unknown type, every named value as the whole frame, text that is not JSON, binary.
 */
export function plannedFrames(r: Rng, w: World): Planned<string | ArrayBuffer>[] {
  const out: Planned<string | ArrayBuffer>[] = [];
  const add = (input: string | ArrayBuffer, label: string, cls: string, covers: string[] = []) =>
    out.push({ input, cls, covers: [key(label, cls), ...covers] });
  for (const f of FUZZ_FRAMES) {
    const label = `frame ${f.type}`;
    for (const o of brokenObjects(r, label, { type: f.type, ...f.valid(w) }, f.fields, f.optional)) add(o.text, label, o.cls, o.covers);
  }
  for (const value of STRING_VARIANTS)
    add(JSON.stringify({ type: value.make(r), data: nastyValue(r) }), "frame", "unknown type", [key("frame", `type = ${value.name}`)]);
  for (const value of ALL_VARIANTS) add(JSON.stringify(value.make(r)), "frame", "not an object", [key("frame", `= ${value.name}`)]);
  for (const text of NOT_JSON) add(text, "frame", "not JSON");
  for (const length of BINARY_LENGTHS) add(bytes(r, length), "frame", "binary");
  return out;
}

/** What the frame corpus must have covered, from the frame table and the value catalogue alone. */
export function requiredFrameCoverage(w: World): string[] {
  const keys = FRAME_CLASSES.map((cls) => key("frame", cls));
  for (const f of FUZZ_FRAMES) {
    const label = `frame ${f.type}`;
    const valid = { type: f.type, ...f.valid(w) };
    keys.push(
      ...classesOf(f.fields, valid, f.optional, OBJECT_CLASSES).map((cls) => key(label, cls)),
      ...requiredFieldKeys(label, valid, f.fields, f.optional),
    );
  }
  keys.push(...STRING_VARIANTS.map((value) => key("frame", `type = ${value.name}`)), ...ALL_VARIANTS.map((value) => key("frame", `= ${value.name}`)));
  return keys;
}

export interface FrameTally {
  /** Frames the room is proven to have handled: each socket's proof answer came after all of them. */
  handled: number;
  sockets: number;
  /** Close codes of sockets that ended before their proof answer, e.g. 1011 if the room crashed. */
  closes: Record<number, number>;
  /** Coverage keys of the planned frames the room is proven to have handled. */
  covered: Set<string>;
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

/** The frames still to send: the planned ones in order, then `random` generated ones. */
interface FrameSource {
  peek(): Planned<string | ArrayBuffer> | undefined;
  take(): void;
}

function frameSource(r: Rng, w: World, planned: Planned<string | ArrayBuffer>[], random: number): FrameSource {
  let next = 0;
  let drawn: Planned<string | ArrayBuffer> | undefined;
  return {
    peek() {
      if (next < planned.length) return planned[next];
      if (next >= planned.length + random) return undefined;
      drawn ??= { input: nextFrame(r, w), cls: "random", covers: [] };
      return drawn;
    },
    take() {
      next += 1;
      drawn = undefined;
    },
  };
}

/**
 * One socket's worth: as many frames as its burst budget allows (a flood would only be closed
 * with 4008, unread), then the proof frame. Frames of one socket are handled in order, so its
 * refusing ack proves the room handled every frame before it and is still alive.
 */
async function oneSocket(source: FrameSource, w: World, chatId: string, tally: FrameTally): Promise<void> {
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
  const sent: Planned<string | ArrayBuffer>[] = [];
  for (let frame = source.peek(); frame && costOf(frame.input) <= budget; frame = source.peek()) {
    source.take();
    budget -= costOf(frame.input);
    ws.send(frame.input);
    sent.push(frame);
  }
  if (!sent.length && source.peek()) throw new Error("a generated frame costs more than a socket's whole budget");
  ws.send(proof.frame);
  const result = await outcome;
  if (result === "proved") {
    tally.handled += sent.length;
    for (const frame of sent) for (const k of frame.covers) tally.covered.add(k);
  } else tally.closes[result] = (tally.closes[result] ?? 0) + 1;
  ws.close(1000, "fuzz done");
}

/** Sends the planned frames, then `random` generated ones, to the room of `chatId` as Alice, over `parallel` sockets at a time. */
export async function fuzzFrames(
  r: Rng,
  w: World,
  chatId: string,
  planned: Planned<string | ArrayBuffer>[],
  random: number,
  parallel: number,
  tally: FrameTally,
): Promise<void> {
  const source = frameSource(r, w, planned, random);
  const lane = async () => {
    while (source.peek()) await oneSocket(source, w, chatId, tally);
  };
  await Promise.all(Array.from({ length: parallel }, lane));
}
