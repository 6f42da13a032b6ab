import { describe, expect, it } from "vitest";
import { chatMessage, messageId } from "../socket-helpers";
import {
  ackOf,
  connect,
  settle,
  createGroup,
  expectNoFrame,
  framesOf,
  history,
  isMessage,
  messageFrom,
  send,
  sendAll,
  team,
  wholeHistory,
} from "../chat-helpers";

async function groupOf(...names: string[]) {
  const { admin, members } = await team(...names);
  const chatId = await createGroup(admin, members);
  return { owner: admin, members, chatId };
}

describe("ChatRoom ordering", () => {
  it("numbers messages with strictly increasing seqs and delivers every one to every member, in order, exactly once", async () => {
    const { owner, members, chatId } = await groupOf("Bob", "Carol");
    const users = [owner, ...members];
    const socks = await Promise.all(users.map((u) => connect(chatId, u)));
    // Three people type at once: nobody waits for an ack before sending the next message.
    const frames = users.flatMap((u, i) => Array.from({ length: 5 }, (_, n) => ({ i, frame: chatMessage(`${u.name} #${n}`) })));
    for (let n = 0; n < 5; n += 1) for (let i = 0; i < 3; i += 1) socks[i]!.send(frames[i * 5 + n]!.frame);
    const acks = await Promise.all(frames.map(({ i, frame }) => socks[i]!.next(ackOf(frame.message_id), 5000)));
    expect(acks.every((a) => a.success === true && a.error === null)).toBe(true);
    expect(acks.map((a) => a.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, k) => k + 1));

    const seqOf = new Map(acks.map((a) => [a.message_id, a.seq]));
    const views = await Promise.all(socks.map((s) => framesOf(s, isMessage, 15)));
    for (const view of views) {
      const seqs = view.map((f) => f.message.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(view.map((f) => f.message.id)).size).toBe(15);
      for (const f of view) expect(f.message.seq).toBe(seqOf.get(f.message.id));
    }
    // Same order everywhere, and nothing arrives twice later on.
    expect(views[1]!.map((f) => f.message.id)).toEqual(views[0]!.map((f) => f.message.id));
    expect(views[2]!.map((f) => f.message.id)).toEqual(views[0]!.map((f) => f.message.id));
    await settle();
    for (const s of socks) expect(s.frames.filter(isMessage)).toHaveLength(15);

    const stored = await wholeHistory(members[0]!, chatId, 0);
    expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 15 }, (_, k) => k + 1));
    const first = stored.find((m) => m.id === frames[0]!.frame.message_id);
    expect(first).toMatchObject({
      content: "Alice Owner #0",
      sender: { id: owner.id, name: owner.name },
      chat_type: 0,
      messageType: "chat",
      isUserMessage: true,
      is_from_ai: false,
    });
  });
});

describe("ChatRoom sockets coming and going", () => {
  it("a member who connects after messages went out gets the next one live; one who left gets nothing more, the others still do", async () => {
    const { owner, members, chatId } = await groupOf("Bob", "Carol");
    const alice = await connect(chatId, owner);
    const bob = await connect(chatId, members[0]!);
    const first = await send(alice, "before Carol");
    await bob.next(messageFrom(first.message_id));

    const carol = await connect(chatId, members[1]!);
    const second = await send(alice, "Carol is here");
    await carol.next(messageFrom(second.message_id));
    await bob.next(messageFrom(second.message_id));

    bob.close();
    await bob.closed;
    const third = await send(alice, "Bob left");
    await carol.next(messageFrom(third.message_id));
    await alice.next(messageFrom(third.message_id));
    expect(bob.frames.filter(messageFrom(third.message_id))).toEqual([]);
    expect(carol.frames.filter(messageFrom(first.message_id))).toEqual([]);
  });
});

describe("ChatRoom idempotency", () => {
  it("a message sent three times (client retries) is stored once, acked three times with one seq, broadcast once", async () => {
    const { owner, members, chatId } = await groupOf("Bob");
    const a = await connect(chatId, owner);
    const b = await connect(chatId, members[0]!);
    await send(a, "before");
    const frame = chatMessage("retried message");
    a.send(frame);
    a.send(frame);
    a.send(frame);
    const acks = await framesOf(a, ackOf(frame.message_id), 3);
    expect(acks.map((x) => x.seq)).toEqual([2, 2, 2]);
    expect(acks.every((x) => x.success)).toBe(true);
    expect(acks.filter((x) => x.duplicate === true)).toHaveLength(2);
    expect(new Set(acks.map((x) => x.timestamp)).size).toBe(1);
    await framesOf(b, messageFrom(frame.message_id));
    await settle();
    expect(b.frames.filter(messageFrom(frame.message_id))).toHaveLength(1);
    expect(a.frames.filter(messageFrom(frame.message_id))).toHaveLength(1);
    expect((await wholeHistory(owner, chatId)).map((m) => m.content)).toEqual(["before", "retried message"]);

    // A retry after a reconnect (new socket) is still the same message.
    a.close();
    const a2 = await connect(chatId, owner);
    a2.send(frame);
    expect(await a2.next(ackOf(frame.message_id))).toMatchObject({ success: true, seq: 2, duplicate: true });
    expect(await wholeHistory(owner, chatId)).toHaveLength(2);
    // The retries took no seq: the next message follows without a gap, which clients would read as a loss.
    expect(await send(a2, "after the retries")).toMatchObject({ success: true, seq: 3 });
  });

  it("refuses another user's message id and keeps the original message", async () => {
    const { owner, members, chatId } = await groupOf("Bob");
    const a = await connect(chatId, owner);
    const b = await connect(chatId, members[0]!);
    const id = messageId();
    await send(a, "original", 0, id);
    b.send(chatMessage("hijack", 0, id));
    const ack = await b.next(ackOf(id));
    expect(ack).toMatchObject({ success: false, seq: null });
    expect(ack.error).toEqual(expect.any(String));
    await expectNoFrame(a, (f) => isMessage(f) && f.message.content === "hijack");
    const stored = await wholeHistory(members[0]!, chatId);
    expect(stored.map((m) => [m.id, m.content, m.sender.id])).toEqual([[id, "original", owner.id]]);
  });

  it("refuses an empty or blank message and stores nothing; an attachment alone is fine", async () => {
    const { owner, members, chatId } = await groupOf("Bob");
    const a = await connect(chatId, owner);
    const b = await connect(chatId, members[0]!);
    for (const text of ["", "   ", "\n\t"]) {
      const ack = await send(a, text);
      expect(ack).toMatchObject({ success: false, seq: null, error: "Message is empty" });
    }
    await expectNoFrame(b, isMessage);
    expect(await wholeHistory(owner, chatId)).toEqual([]);
    const attachment = {
      id: "attach_1",
      fileName: "a.txt",
      fileSize: 3,
      mimeType: "text/plain",
      fileUrl: `/api/chat-attachments/${chatId}/attach_${"1".repeat(32)}`,
    };
    const f = chatMessage("", 0, messageId());
    f.data.content = { text: "", attachments: [attachment] } as any;
    a.send(f);
    expect(await a.next(ackOf(f.message_id))).toMatchObject({ success: true, seq: 1 });
    expect((await b.next(messageFrom(f.message_id))).message.attachments).toEqual([attachment]);
  });

  it("refuses attachments that are not files of this chat (an off-site link dressed as a file)", async () => {
    const { owner, members, chatId } = await groupOf("Bob");
    const a = await connect(chatId, owner);
    const b = await connect(chatId, members[0]!);
    const offSite = { id: "attach_2", fileName: "invoice.pdf", fileSize: 3, mimeType: "application/pdf", fileUrl: "https://evil.example/invoice.pdf" };
    const f = chatMessage("see attached", 0, messageId());
    f.data.content = { text: "see attached", attachments: [offSite] } as any;
    a.send(f);
    expect(await a.next(ackOf(f.message_id))).toMatchObject({ success: false, error: "Attachments must be uploaded to this chat" });
    await expectNoFrame(b, isMessage);
    expect(await wholeHistory(owner, chatId)).toEqual([]);
  });
});

describe("ChatRoom replies", () => {
  it("a live reply carries the same quoted preview as the history shows", async () => {
    const { owner, members, chatId } = await groupOf("Bob");
    const a = await connect(chatId, owner);
    const b = await connect(chatId, members[0]!);
    const original = await send(a, "Can someone review PR 42?");
    const reply = chatMessage("On it", 0, messageId(), { reply_to_message_id: original.message_id });
    b.send(reply);
    expect(await b.next(ackOf(reply.message_id))).toMatchObject({ success: true, seq: 2 });
    const live = (await a.next(messageFrom(reply.message_id))).message;
    const stored = (await wholeHistory(owner, chatId)).find((m) => m.id === reply.message_id);
    expect(stored.replyToMessageId).toBe(original.message_id);
    expect(stored.replyToMessage).toEqual({ id: original.message_id, content: "Can someone review PR 42?", senderName: "Alice Owner" });
    expect(live.replyToMessageId).toBe(original.message_id);
    expect(live.replyToMessage).toEqual(stored.replyToMessage);
  });

  it("a reply may not point at someone else's ask-only message", async () => {
    const { owner, members, chatId } = await groupOf("Bob");
    const a = await connect(chatId, owner);
    const b = await connect(chatId, members[0]!);
    const secret = await send(a, "private", 2);
    const reply = chatMessage("peek", 0, messageId(), { reply_to_message_id: secret.message_id });
    b.send(reply);
    expect(await b.next(ackOf(reply.message_id))).toMatchObject({ success: false, seq: null });
  });
});

describe("ChatRoom replay after reconnect", () => {
  it("?lastSeq=N replays exactly the missed messages in order, then replay_done", async () => {
    const { owner, members, chatId } = await groupOf("Bob");
    const bob = members[0]!;
    const a = await connect(chatId, owner);
    const b = await connect(chatId, bob);
    await send(a, "seen 1");
    await send(b, "seen 2");
    await framesOf(b, isMessage, 2);
    b.close();
    await sendAll(a, ["missed 3", "missed 4", "missed 5"]);
    await send(a, "my private question", 2);
    await send(a, "missed 7", 1);

    const b2 = await connect(chatId, bob, "?lastSeq=2");
    await framesOf(b2, (f) => f.type === "replay_done");
    expect(b2.frames.map((f) => f.type)).toEqual(["ready", "message", "message", "message", "message", "replay_done"]);
    expect(b2.frames[0]).toMatchObject({ chatId, headSeq: 7 });
    expect(b2.frames.filter(isMessage).map((f) => [f.message.seq, f.message.content])).toEqual([
      [3, "missed 3"],
      [4, "missed 4"],
      [5, "missed 5"],
      [7, "missed 7"],
    ]);
    expect(b2.frames.at(-1)).toEqual({ type: "replay_done", headSeq: 7 });

    // Up to date: no messages, only replay_done. Without lastSeq: no replay at all.
    const b3 = await connect(chatId, bob, "?lastSeq=7");
    await framesOf(b3, (f) => f.type === "replay_done");
    expect(b3.frames.map((f) => f.type)).toEqual(["ready", "replay_done"]);
    const b4 = await connect(chatId, bob);
    await expectNoFrame(b4, (f) => f.type !== "ready", 200);
  });

  it("a resume frame on an open socket replays what came after lastSeq", async () => {
    const { owner, members, chatId } = await groupOf("Bob");
    const a = await connect(chatId, owner);
    await sendAll(a, ["one", "two", "three", "four"]);
    const b = await connect(chatId, members[0]!);
    b.send({ type: "resume", lastSeq: 2 });
    await framesOf(b, (f) => f.type === "replay_done");
    expect(b.frames.filter(isMessage).map((f) => f.message.content)).toEqual(["three", "four"]);
    expect(b.frames.at(-1)).toEqual({ type: "replay_done", headSeq: 4 });
    b.send({ type: "ping" });
    await b.next((f) => f.type === "pong");
  });
});

describe("ChatRoom ask-only stream", () => {
  it("goes only to the sender's own sockets and is never replayed to or listed for others", async () => {
    const { owner, members, chatId } = await groupOf("Bob");
    const bob = members[0]!;
    const tab1 = await connect(chatId, owner);
    const tab2 = await connect(chatId, owner);
    const b = await connect(chatId, bob);
    const ask = await send(tab1, "secret question", 2);
    expect(ask).toMatchObject({ success: true, seq: 1 });
    const mine = await tab2.next(messageFrom(ask.message_id));
    expect(mine.message).toMatchObject({ chat_type: 2, content: "secret question" });
    await tab1.next(messageFrom(ask.message_id));
    await send(tab1, "public", 0);
    await framesOf(b, isMessage);
    expect(b.frames.filter(isMessage).map((f) => f.message.content)).toEqual(["public"]);

    const b2 = await connect(chatId, bob, "?lastSeq=0");
    await framesOf(b2, (f) => f.type === "replay_done");
    expect(b2.frames.filter(isMessage).map((f) => f.message.content)).toEqual(["public"]);
    for (const q of ["", "?chat_type=0", "?chat_type=1"]) {
      const r = await history(bob, chatId, q);
      expect(r.json.data.messages.map((m: any) => m.content)).not.toContain("secret question");
    }
    const own = await history(owner, `${chatId}_${owner.id}`, "?chat_type=2");
    expect(own.json.data.messages.map((m: any) => m.content)).toEqual(["secret question"]);
    expect((await history(bob, `${chatId}_${owner.id}`, "?chat_type=2")).status).toBe(404);
  });
});
