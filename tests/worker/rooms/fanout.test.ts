import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../contract";
import { AT_ONCE_MAX_SOCKETS, BACKLOG_HOLD_MS, Fanout, SEND_MS } from "../../../worker/rooms/chat-room/fanout";

/** A socket whose client asked for batches, and that keeps what it was sent. */
class Recorder {
  sent: string[] = [];
  send(data: string): void {
    this.sent.push(data);
  }
  deserializeAttachment() {
    return { userId: "user", name: "User", image: null, batch: true };
  }
}

/** The platform's side the fan-out reads (which sockets are open, and which asked for batches), and a clock the test moves. */
function roomOf(batching: number): { fanout: Fanout; sockets: Recorder[]; clock: { now: number } } {
  const sockets = Array.from({ length: batching }, () => new Recorder());
  const state = { getWebSockets: () => sockets };
  const clock = { now: 1_000_000 };
  return { fanout: new Fanout(state as unknown as DurableObjectState, () => clock.now), sockets, clock };
}

const message = (seq: number) => ({ id: `msg_${seq}`, seq }) as unknown as ChatMessage;
/** A later turn of the room: its microtasks ran and the platform ran its timers. */
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 5));
/** What each socket was sent, as the seqs of each frame. */
const framesOf = (ws: Recorder) =>
  ws.sent.map((f) => JSON.parse(f)).map((f) => (f.type === "messages" ? f.messages.map((m: ChatMessage) => m.seq) : [f.message.seq]));

describe("the room's fan-out to batching sockets", () => {
  it("sends a message at once in a room small enough, and one stored behind it in the same turn with the window", async () => {
    const { fanout, sockets, clock } = roomOf(3);
    fanout.publish(message(1));
    // However long the turn ran (a local clock moves during one), the second came in behind the first.
    clock.now += 10;
    fanout.publish(message(2));
    for (const ws of sockets) expect(framesOf(ws)).toEqual([[1]]);
    await nextTurn();
    for (const ws of sockets) expect(framesOf(ws)).toEqual([[1], [2]]);
  });

  it("sends each message at once when the next comes after the last one's fan-out could have ended", async () => {
    const { fanout, sockets, clock } = roomOf(100);
    for (const seq of [1, 2, 3]) {
      fanout.publish(message(seq));
      for (const ws of sockets) expect(framesOf(ws).at(-1)).toEqual([seq]);
      await nextTurn();
      clock.now += Math.ceil(100 * SEND_MS);
    }
    for (const ws of sockets) expect(framesOf(ws)).toEqual([[1], [2], [3]]);
  });

  it("holds a message handled in a later turn but before the last one's fan-out could have ended, and every message for a while after", async () => {
    const { fanout, sockets, clock } = roomOf(100);
    fanout.publish(message(1));
    await nextTurn();
    clock.now += Math.floor(100 * SEND_MS);
    fanout.publish(message(2));
    for (const ws of sockets) expect(framesOf(ws)).toEqual([[1]]);
    fanout.publish(message(3));
    await nextTurn();
    for (const ws of sockets) expect(framesOf(ws)).toEqual([[1], [2, 3]]);
    // Well after any fan-out, but inside the hold: it still waits for its window.
    clock.now += BACKLOG_HOLD_MS / 2;
    fanout.publish(message(4));
    for (const ws of sockets) expect(framesOf(ws)).toHaveLength(2);
    await nextTurn();
    clock.now += BACKLOG_HOLD_MS;
    fanout.publish(message(5));
    for (const ws of sockets) expect(framesOf(ws)).toEqual([[1], [2, 3], [4], [5]]);
  });

  it("holds every message for its window in a room too large for a quick fan-out", async () => {
    const { fanout, sockets } = roomOf(AT_ONCE_MAX_SOCKETS + 1);
    fanout.publish(message(1));
    expect(sockets.every((ws) => ws.sent.length === 0)).toBe(true);
    fanout.publish(message(2));
    await nextTurn();
    for (const ws of sockets) expect(framesOf(ws)).toEqual([[1, 2]]);
  });
});
