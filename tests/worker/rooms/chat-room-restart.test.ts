import { abortAllDurableObjects, evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { chatMessage } from "../socket-helpers";
import type { TestSocket } from "../socket-helpers";
import {
  connect,
  createGroup,
  flushMirror,
  framesOf,
  isMessage,
  messageFrom,
  mirrorCount,
  room,
  send,
  settle,
  team,
  waitUntil,
  wholeHistory,
} from "../chat-helpers";

/** Every message of the room's own SQLite, straight from storage. */
async function storedRows(chatId: string): Promise<{ seq: number; id: string }[]> {
  return runInDurableObject(room(chatId), (_instance, state) =>
    state.storage.sql.exec<{ seq: number; id: string }>("SELECT seq, id FROM messages ORDER BY seq").toArray(),
  );
}

/** A client that keeps unacked messages and re-sends them (same id) after a reconnect, like the web app. */
class Client {
  pending = new Map<string, ReturnType<typeof chatMessage>>();
  acked = new Map<string, number>();
  constructor(public sock: TestSocket) {
    this.watch(sock);
  }
  private watch(sock: TestSocket) {
    sock.ws.addEventListener("message", (e) => {
      const f = JSON.parse(e.data as string);
      if (f.type === "chat_ack" && f.success) {
        this.acked.set(f.message_id, f.seq);
        this.pending.delete(f.message_id);
      }
    });
  }
  send(text: string) {
    const frame = chatMessage(text);
    this.pending.set(frame.message_id, frame);
    try {
      this.sock.send(frame);
    } catch {
      // the socket died under us: it stays pending and goes again after the reconnect
    }
    return frame.message_id;
  }
  async reconnect(chatId: string, user: any) {
    const lastSeq = Math.max(0, ...this.acked.values());
    this.sock = await connect(chatId, user, `?lastSeq=${lastSeq}`);
    this.watch(this.sock);
    await framesOf(this.sock, (f) => f.type === "replay_done");
    for (const frame of this.pending.values()) this.sock.send(frame);
    await waitUntil(() => this.pending.size === 0, "every pending message to be acked");
  }
}

describe("ChatRoom survives restarts", () => {
  it("a hibernated room wakes on the next frame with its sockets and numbering intact", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const a = await connect(chatId, admin);
    const b = await connect(chatId, members[0]!);
    await send(a, "one");
    await send(a, "two");
    await evictDurableObject(room(chatId));
    const ack = await send(b, "three, after the eviction");
    expect(ack).toMatchObject({ success: true, seq: 3 });
    const got = await a.next(messageFrom(ack.message_id));
    expect(got.message.sender).toMatchObject({ id: members[0]!.id, name: "Bob" });
    // A retry of an old id after the restart is still recognised.
    a.send(chatMessage("one again", 0, (await framesOf(a, isMessage))[0].message.id));
    expect(await a.next((f) => f.type === "chat_ack" && f.duplicate)).toMatchObject({ seq: 1 });
    expect((await wholeHistory(admin, chatId)).map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it("loses no acked message and duplicates none across evictions and aborts between sends", async () => {
    const { admin, members } = await team("Bob");
    const bob = members[0]!;
    const chatId = await createGroup(admin, members);
    const alice = new Client(await connect(chatId, admin));
    const b = await connect(chatId, bob);
    const sent: string[] = [];

    for (let i = 0; i < 3; i += 1) sent.push(alice.send(`round 1 #${i}`));
    await waitUntil(() => alice.pending.size === 0, "round 1 acks");

    // Eviction that closes the sockets: both sides reconnect and catch up.
    await evictDurableObject(room(chatId), { webSockets: "close" });
    await alice.sock.closed;
    await alice.reconnect(chatId, admin);
    for (let i = 0; i < 3; i += 1) sent.push(alice.send(`round 2 #${i}`));
    await waitUntil(() => alice.pending.size === 0, "round 2 acks");

    // Stored, but the acks are lost (they went to a socket whose frames nobody reads) …
    const lossy = await connect(chatId, admin);
    for (let i = 0; i < 2; i += 1) {
      const frame = chatMessage(`round 3 lost ack #${i}`);
      alice.pending.set(frame.message_id, frame);
      lossy.send(frame);
      sent.push(frame.message_id);
    }
    await waitUntil(async () => (await storedRows(chatId)).length === 8, "the lost-ack messages to be stored");
    // … and a hard abort with two more in flight.
    for (let i = 0; i < 2; i += 1) sent.push(alice.send(`round 3 in flight #${i}`));
    await abortAllDurableObjects();
    await settle(100);
    expect(alice.pending.size).toBeGreaterThanOrEqual(2);
    await alice.reconnect(chatId, admin);
    for (let i = 0; i < 2; i += 1) sent.push(alice.send(`round 4 #${i}`));
    await waitUntil(() => alice.pending.size === 0, "round 4 acks");

    // A second abort right after acks: they were durable before they were sent.
    const ackedBefore = new Map(alice.acked);
    await abortAllDurableObjects();
    const rows = await storedRows(chatId);
    for (const [id, seq] of ackedBefore) expect(rows.find((r) => r.id === id)?.seq, id).toBe(seq);

    const all = await wholeHistory(bob, chatId);
    expect(all.map((m) => m.id)).toEqual(sent);
    expect(all.map((m) => m.seq)).toEqual(sent.map((_, i) => i + 1));
    for (const m of all) expect(m.seq).toBe(alice.acked.get(m.id));
    expect(rows).toHaveLength(sent.length);

    // Bob, whose socket died somewhere along the way, catches up from his last seq to exactly the same list.
    const seen = b.frames.filter(isMessage).map((f) => f.message);
    const bobLast = Math.max(0, ...seen.map((m: any) => m.seq));
    const b2 = await connect(chatId, bob, `?lastSeq=${bobLast}`);
    await framesOf(b2, (f) => f.type === "replay_done");
    const merged = [...seen, ...b2.frames.filter(isMessage).map((f) => f.message)];
    expect(merged.map((m: any) => m.id)).toEqual(sent);
  });

  it("after a restart the mirror alarm still flushes everything once (nothing lost between storage and queue)", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const a = await connect(chatId, admin);
    const acks = [await send(a, "m1"), await send(a, "m2")];
    await abortAllDurableObjects();
    const a2 = await connect(chatId, admin);
    acks.push(await send(a2, "m3"));
    expect(acks.map((x) => x.seq)).toEqual([1, 2, 3]);
    await flushMirror(chatId, 3);
    await settle(1500);
    expect(await mirrorCount(chatId)).toBe(3);
  });
});
