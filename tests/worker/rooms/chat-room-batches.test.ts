import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parseRoomFrame } from "../../../contract";
import { BATCH_CHARS } from "../../../worker/rooms/chat-room/fanout";
import type { ChatRoom } from "../../../worker/rooms/chat-room";
import { USER_ID_HEADER } from "../../../worker/rooms/chat-room/types";
import { chatMessage } from "../socket-helpers";
import type { TestSocket } from "../socket-helpers";
import type { TestUser } from "../helpers";
import { ackOf, connect, createGroup, expectNoFrame, framesOf, room, settle, team } from "../chat-helpers";

const BATCH = "?frames=batch";

async function groupOf(...names: string[]) {
  const { admin, members } = await team(...names);
  const chatId = await createGroup(admin, members);
  return { owner: admin, members, chatId };
}

const isNews = (f: any) => f.type === "message" || f.type === "messages";
/** The message ids a socket got, in order, unpacking batches as the web app does. */
const idsOf = (frames: any[]) => frames.filter(isNews).flatMap((f) => (f.type === "messages" ? f.messages : [f.message]).map((m: any) => m.id));

/** Stores messages on `sender`'s behalf, all in one turn of the room: a backlog, as a stall leaves one. */
async function appendInOneTurn(chatId: string, sender: TestUser, contents: string[], between?: (instance: ChatRoom) => Promise<unknown>): Promise<string[]> {
  const ids = contents.map(() => `msg_batch_${crypto.randomUUID().slice(0, 8)}`);
  await runInDurableObject(room(chatId), async (instance: ChatRoom) => {
    const stored: Promise<unknown>[] = [];
    const half = Math.ceil(contents.length / 2);
    contents.forEach((content, i) => {
      if (i === half && between) stored.push(between(instance));
      stored.push(
        instance.append({ id: ids[i]!, sender: { id: sender.id, name: sender.name, image: null, type: "user" }, chatType: 0, messageType: "chat", content }),
      );
    });
    await Promise.all(stored);
  });
  return ids;
}

describe("ChatRoom batches for clients that ask for them", () => {
  it("sends the messages behind the first of a backlog to a batching socket as one messages frame, and to a plain socket one by one", async () => {
    const { owner, members, chatId } = await groupOf("Bob", "Carol");
    const batching = await connect(chatId, members[0]!, BATCH);
    const plain = await connect(chatId, members[1]!);
    const ids = await appendInOneTurn(chatId, owner, ["one", "two", "three", "four"]);

    // The first leaves at once, as nothing waited before it; the three stored behind it in the same turn leave together.
    const [first, batch] = await framesOf(batching, isNews, 2);
    expect(first).toMatchObject({ type: "message", message: { id: ids[0], content: "one" } });
    expect(batch.type).toBe("messages");
    expect(batch.messages.map((m: any) => m.id)).toEqual(ids.slice(1));
    expect(batch.messages.map((m: any) => m.content)).toEqual(["two", "three", "four"]);
    // The frame the room spells by hand is one the contract (and so the web app) reads.
    expect(parseRoomFrame(JSON.stringify(batch))).toEqual(batch);
    const seqs = [first.message, ...batch.messages].map((m: any) => m.seq);
    expect(seqs).toEqual([seqs[0], seqs[0] + 1, seqs[0] + 2, seqs[0] + 3]);

    const singles = await framesOf(plain, isNews, 4);
    expect(singles.map((f) => f.type)).toEqual(["message", "message", "message", "message"]);
    expect(singles.map((f) => f.message)).toEqual([first.message, ...batch.messages]);
    await settle();
    expect(idsOf(batching.frames)).toEqual(ids);
    expect(idsOf(plain.frames)).toEqual(ids);
  });

  it("holds every new message for its window for a while after a backlog, so the next burst leaves whole", async () => {
    const { owner, members, chatId } = await groupOf("Bob");
    const batching = await connect(chatId, members[0]!, BATCH);
    const first = await appendInOneTurn(chatId, owner, ["one", "two"]);
    await waitForIds(batching, first);
    // Well within BACKLOG_HOLD_MS of the first burst: its first message waits too.
    const second = await appendInOneTurn(chatId, owner, ["three", "four"]);
    await waitForIds(batching, [...first, ...second]);
    const last = batching.frames.filter(isNews).at(-1);
    expect(last.type).toBe("messages");
    expect(last.messages.map((m: any) => m.id)).toEqual(second);
  });

  it("a message without a backlog goes out as the plain message frame", async () => {
    const { owner, members, chatId } = await groupOf("Bob");
    const batching = await connect(chatId, members[0]!, BATCH);
    const sender = await connect(chatId, owner, BATCH);
    const frame = chatMessage("alone");
    sender.send(frame);
    expect((await sender.next(ackOf(frame.message_id))).success).toBe(true);
    for (const sock of [batching, sender]) {
      const [news] = await framesOf(sock, isNews);
      expect(news).toMatchObject({ type: "message", message: { id: frame.message_id, content: "alone" } });
    }
  });

  it("sends waiting messages before any other frame, so each socket sees the room's order", async () => {
    const { owner, members, chatId } = await groupOf("Bob");
    const batching = await connect(chatId, members[0]!, BATCH);
    // The second message waits behind the first when the rename comes.
    const ids = await appendInOneTurn(chatId, owner, ["first", "second", "third", "fourth"], (instance) => instance.renamed("Renamed Room"));
    await waitForIds(batching, ids);
    await framesOf(batching, (f) => f.type === "chat_renamed");
    const order = batching.frames.filter((f) => isNews(f) || f.type === "chat_renamed").flatMap((f) => (f.type === "chat_renamed" ? [f.name] : idsOf([f])));
    expect(order).toEqual([ids[0], ids[1], "Renamed Room", ids[2], ids[3]]);
  });

  it("cuts a long backlog into frames of bounded size, in order", async () => {
    const { owner, members, chatId } = await groupOf("Bob");
    const batching = await connect(chatId, members[0]!, BATCH);
    const long = (n: number) => `${n} ${"x".repeat(20_000)}`;
    const ids = await appendInOneTurn(chatId, owner, [1, 2, 3, 4, 5, 6, 7].map(long));
    await waitForIds(batching, ids);
    const frames = batching.frames.filter(isNews);
    expect(frames.length).toBeGreaterThan(1);
    for (const f of frames) {
      if (f.type === "messages") expect(JSON.stringify(f).length).toBeLessThanOrEqual(BATCH_CHARS + 25_000);
    }
    expect(idsOf(frames)).toEqual(ids);
  });

  it("a socket accepted while messages wait gets them once, from its replay", async () => {
    const { owner, members, chatId } = await groupOf("Bob", "Carol");
    const batching = await connect(chatId, members[0]!, BATCH);
    const late: any[] = [];
    let ids: string[] = [];
    await runInDurableObject(room(chatId), async (instance: ChatRoom) => {
      // The first leaves at once; the second waits for the end of the turn.
      ids = ["leaving", "waiting"].map((word) => `msg_${word}_${crypto.randomUUID().slice(0, 8)}`);
      const stored = ids.map((id) =>
        instance.append({ id, sender: { id: owner.id, name: owner.name, image: null, type: "user" }, chatType: 0, messageType: "chat", content: id }),
      );
      // Carol's socket is accepted in the same turn, asking for everything after seq 0.
      const upgrade = new Request(`https://room/ws${BATCH}&lastSeq=0`, { headers: { Upgrade: "websocket", [USER_ID_HEADER]: members[1]!.id } });
      const response = await instance.fetch(upgrade);
      const ws = response.webSocket!;
      ws.accept();
      ws.addEventListener("message", (e) => {
        late.push(JSON.parse(e.data as string));
      });
      await Promise.all(stored);
    });
    await waitForIds(batching, ids);
    await settle();
    expect(idsOf(late)).toEqual(ids);
    expect(late.filter((f) => f.type === "replay_done")).toHaveLength(1);
  });

  it("delivers a burst from several senders exactly once and in seq order, batched or not", async () => {
    const { owner, members, chatId } = await groupOf("Bob", "Carol");
    const socks = [await connect(chatId, owner, BATCH), await connect(chatId, members[0]!, BATCH), await connect(chatId, members[1]!)];
    const frames = socks.flatMap((_, i) => Array.from({ length: 8 }, (__, n) => ({ i, frame: chatMessage(`#${i}.${n}`) })));
    for (const { i, frame } of frames) socks[i]!.send(frame);
    const acks = await Promise.all(frames.map(({ i, frame }) => socks[i]!.next(ackOf(frame.message_id))));
    const bySeq = new Map(acks.map((a) => [a.seq, a.message_id]));
    const expected = [...bySeq.keys()].sort((a, b) => a - b).map((seq) => bySeq.get(seq));
    for (const sock of socks) await waitForIds(sock, expected);
    await expectNoFrame(socks[0]!, () => false);
    for (const sock of socks) expect(idsOf(sock.frames)).toEqual(expected);
  });
});

async function waitForIds(sock: TestSocket, ids: (string | undefined)[]): Promise<void> {
  const end = Date.now() + 10_000;
  while (idsOf(sock.frames).length < ids.length) {
    if (Date.now() > end) throw new Error(`expected ${ids.length} messages; got ${idsOf(sock.frames).length}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
