import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readServerSentEvents } from "../../../worker/agents/sse";
import { scriptDirective } from "../../fakes/fake-llm-script";
import { agentGroup, ask, askFrame, expectCompleteReply, followReply } from "../agent-helpers";
import { connect, room, waitUntil, wholeHistory } from "../chat-helpers";

/** A long answer the fake model streams in 6-character deltas, `slowMs` apart. */
const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
const deltasOf = (text: string) => Math.ceil(text.length / 6);

describe("a streamed reply in frames", { timeout: 30_000 }, () => {
  it("sends fast deltas in fewer frames, the first at once, and the asker and a late joiner both get the whole text in order", async () => {
    const LONG = words(150);
    const { members, chatId, ownerSock } = await agentGroup();
    await ask(ownerSock, `${scriptDirective([{ text: LONG, slowMs: 10 }])} go`);
    // Looked at, not taken: every chunk stays in the owner's frames for the check below.
    await waitUntil(() => ownerSock.frames.some((f) => f.type === "streaming_message" && f.offset > 0), "the reply to be under way", 10_000);
    const late = await connect(chatId, members[0]!);
    const ready = await late.next((f) => f.type === "ready");
    expect(ready.agentRuns).toHaveLength(1);

    const { final, streamed, chunks } = await followReply(ownerSock, 20_000);
    expectCompleteReply(final, LONG);
    expect(streamed).toBe(LONG);
    // The first delta is not held back for company; the ones after it share frames.
    expect(chunks[0]).toMatchObject({ offset: 0, chunk: LONG.slice(0, 6) });
    expect(chunks.length).toBeLessThan(deltasOf(LONG) / 2);

    await followReply(late, 20_000);
    let text = ready.agentRuns[0].content as string;
    for (const c of late.frames.filter((f) => f.type === "streaming_message")) text = text.slice(0, c.offset) + c.chunk;
    expect(text).toBe(LONG);
  });

  it("answers members asking at once each on their own sockets, whole and in order", async () => {
    const { ownerSock, memberSocks } = await agentGroup("Bob Member", "Cleo Member", "Dan Member");
    const socks = [ownerSock, ...memberSocks];
    const texts = socks.map((_, i) => `${words(30 + i)} from asker ${i}`);
    // All at once: their replies open within one frame of each other.
    const acks = socks.map((sock, i) => {
      const frame = askFrame(`${scriptDirective([{ text: texts[i]!, slowMs: 2 }])} go`, 2);
      sock.send(frame);
      return frame.message_id;
    });
    for (const [i, sock] of socks.entries()) {
      const { final, streamed, chunks } = await followReply(sock, 20_000);
      expectCompleteReply(final, texts[i]!);
      expect(final.replyToMessageId).toBe(acks[i]);
      expect(streamed).toBe(texts[i]);
      expect(chunks[0].offset).toBe(0);
      // Ask-only: nobody else's reply reached this socket.
      expect(sock.frames.filter((f) => f.type === "streaming_message" && f.message_id !== final.id)).toEqual([]);
    }
  });

  it("keeps what was saved when the room restarts mid-reply, closed with a note", async () => {
    const LONG = words(200);
    const { owner, chatId, ownerSock } = await agentGroup();
    await ask(ownerSock, `${scriptDirective([{ text: LONG, slowMs: 40 }])} go`);
    await ownerSock.next((f) => f.type === "streaming_message", 10_000);
    // The reply as the room has stored it so far (it saves while streaming, about every second).
    const savedText = () =>
      runInDurableObject(
        room(chatId),
        (_instance, state) => state.storage.sql.exec<{ content: string }>("SELECT content FROM messages WHERE streaming = 1").toArray()[0]?.content ?? "",
      );
    let saved = "";
    await waitUntil(async () => (saved = await savedText()).length > 0, "part of the reply to be saved", 10_000);
    await abortAllDurableObjects();
    await ownerSock.closed;
    await connect(chatId, owner);
    const reply = async () => (await wholeHistory(owner, chatId, 1)).find((m) => m.messageType === "ai_response");
    await waitUntil(async () => (await reply())?.isStreamingComplete === true, "the cut reply to be closed", 10_000);
    const { content } = await reply();
    expect(content).toContain("interrupted by a server restart");
    const kept = content.slice(0, content.indexOf("\n\n_("));
    expect(kept.length).toBeGreaterThanOrEqual(saved.length);
    expect(LONG.startsWith(kept)).toBe(true);
  });
});

describe("server-sent events off the wire", () => {
  function bodyOf(pieces: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
    const bytes = pieces.map((p) => (typeof p === "string" ? new TextEncoder().encode(p) : p));
    return new ReadableStream({
      pull(controller) {
        const next = bytes.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
  }

  it("reads events whatever the network cut: mid-line, mid-character, between CR and LF", async () => {
    const wire = new TextEncoder().encode('event: delta\r\ndata: {"text":"退款政策"}\r\n\r\n: keep-alive\n\ndata: one\ndata: two\n\ndata: [DONE]\n\n');
    // Cut after every byte: the worst a connection can do.
    const pieces = Array.from(wire, (b) => new Uint8Array([b]));
    const events: [string, string][] = [];
    await readServerSentEvents(bodyOf(pieces), (event, data) => events.push([event, data]));
    expect(events).toEqual([
      ["delta", '{"text":"退款政策"}'],
      ["message", "one\ntwo"],
      ["message", "[DONE]"],
    ]);
  });

  it("drops an event the body ends in the middle of", async () => {
    const events: string[] = [];
    await readServerSentEvents(bodyOf(["data: whole\n\n", "data: cut off"]), (_event, data) => events.push(data));
    expect(events).toEqual(["whole"]);
  });
});
