import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../../contract";
import { AT_ONCE_MAX_SOCKETS, BATCH_TAG, Fanout } from "../../../worker/rooms/chat-room/fanout";

/** A socket that keeps what it was sent. */
class Recorder {
  sent: string[] = [];
  send(data: string): void {
    this.sent.push(data);
  }
}

/** The platform's side the fan-out reads: which sockets are open, and which asked for batches. */
function roomOf(batching: number): { fanout: Fanout; sockets: Recorder[] } {
  const sockets = Array.from({ length: batching }, () => new Recorder());
  const state = { getWebSockets: (tag?: string) => (tag === undefined || tag === BATCH_TAG ? sockets : []) };
  return { fanout: new Fanout(state as unknown as DurableObjectState), sockets };
}

const message = (seq: number) => ({ id: `msg_${seq}`, seq }) as unknown as ChatMessage;
const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("the room's fan-out to batching sockets", () => {
  it("sends a message at once in a room small enough, and the next one behind it with the window", async () => {
    const { fanout, sockets } = roomOf(3);
    fanout.publish(message(1));
    fanout.publish(message(2));
    for (const ws of sockets) expect(ws.sent.map((f) => JSON.parse(f).type)).toEqual(["message"]);
    await nextTurn();
    for (const ws of sockets) expect(ws.sent.map((f) => JSON.parse(f).message.seq)).toEqual([1, 2]);
  });

  it("holds every message for its window in a room too large for a quick fan-out", async () => {
    const { fanout, sockets } = roomOf(AT_ONCE_MAX_SOCKETS + 1);
    fanout.publish(message(1));
    expect(sockets.every((ws) => ws.sent.length === 0)).toBe(true);
    fanout.publish(message(2));
    await nextTurn();
    for (const ws of sockets) {
      expect(ws.sent).toHaveLength(1);
      expect(JSON.parse(ws.sent[0]!).messages.map((m: ChatMessage) => m.seq)).toEqual([1, 2]);
    }
  });
});
