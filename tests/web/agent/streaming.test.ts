import { describe, expect, it } from "vitest";
import type { MessagesPage } from "../../../contract";
import { applyChunk, placeholderReply, type LiveText } from "../../../web/features/chat/agent/model/streaming";
import { initialStreams, streamsReducer } from "../../../web/features/chat/model/streamsReducer";
import type { StreamsState, UiMessage } from "../../../web/features/chat/model/types";
import { msg } from "../features/chat/fixtures";

const empty: LiveText = { content: "", held: [] };
const VIRE = { id: "vire_1", name: "Ada", avatarUrl: null };

function run(chunks: [number, string][], start = empty): LiveText {
  return chunks.reduce<LiveText>((text, [offset, chunk]) => applyChunk(text, offset, chunk), start);
}

describe("applyChunk (offset semantics of docs/agent-api.md)", () => {
  it("appends chunks at their offsets", () => {
    expect(
      run([
        [0, "Hel"],
        [3, "lo "],
        [6, "world"],
      ]),
    ).toEqual({ content: "Hello world", held: [] });
  });

  it("combines a snapshot with later chunks, and an overlapping chunk rewrites from its offset", () => {
    expect(
      run([
        [0, "Hello wo"],
        [6, "world"],
        [11, "!"],
      ]).content,
    ).toBe("Hello world!");
  });

  it("ignores duplicates and late snapshots that would shorten the text", () => {
    const text = run([
      [0, "Hello"],
      [5, " world"],
    ]);
    expect(applyChunk(text, 5, " world")).toBe(text);
    expect(applyChunk(text, 0, "Hel")).toBe(text);
    expect(applyChunk(text, 0, "Hello world")).toBe(text);
  });

  it("holds a chunk that arrives before the gap in front of it is filled, then drains in order", () => {
    let text = run([[0, "ab"]]);
    text = applyChunk(text, 6, "gh");
    text = applyChunk(text, 4, "ef");
    expect(text).toEqual({
      content: "ab",
      held: [
        { offset: 4, chunk: "ef" },
        { offset: 6, chunk: "gh" },
      ],
    });
    text = applyChunk(text, 2, "cd");
    expect(text).toEqual({ content: "abcdefgh", held: [] });
  });

  it("keeps the longer of two held chunks at the same offset and rejects bad offsets", () => {
    let text = applyChunk(empty, 3, "d");
    text = applyChunk(text, 3, "def");
    text = applyChunk(text, 3, "de");
    expect(text.held).toEqual([{ offset: 3, chunk: "def" }]);
    expect(applyChunk(empty, -1, "x")).toBe(empty);
    expect(applyChunk(empty, 1.5, "x")).toBe(empty);
  });
});

function reply(id: string, seq: number, content: string, extra: Partial<UiMessage> = {}): UiMessage {
  return msg(id, seq, "2025-01-01T00:00:05.000Z", {
    chatType: 1,
    chat_type: 1,
    messageType: "ai_response",
    content,
    isUserMessage: false,
    is_from_ai: true,
    sender: null,
    virtualSender: VIRE,
    isStreamingMessage: true,
    isStreamingComplete: false,
    ...extra,
  });
}

function loaded(messages: UiMessage[]): StreamsState {
  const page: MessagesPage = { messages, pagination: { hasMore: false, nextCursor: null } };
  return streamsReducer(initialStreams(), { type: "loadDone", stream: "agent", page, mode: "initial" });
}

const placeholder = (id: string) => ({
  stream: "agent" as const,
  message: placeholderReply({ message_id: id, chat_type: 1, request_id: "req" }, "chat_1", VIRE, "2025-01-01T00:00:09.000Z"),
});

describe("live replies in the streams reducer", () => {
  it("appends chunks to the stored placeholder and completes it on streaming_done", () => {
    let state = loaded([msg("req", 1), reply("r1", 2, "")]);
    state = streamsReducer(state, { type: "chunk", messageId: "r1", offset: 0, chunk: "Hi", placeholder: placeholder("r1") });
    state = streamsReducer(state, { type: "chunk", messageId: "r1", offset: 2, chunk: " there", placeholder: placeholder("r1") });
    expect(state.agent.messages.map((m) => m.id)).toEqual(["req", "r1"]);
    expect(state.agent.messages[1]).toMatchObject({ content: "Hi there", isStreamingComplete: false });
    state = streamsReducer(state, { type: "streamDone", messageId: "r1" });
    expect(state.agent.messages[1]!.isStreamingComplete).toBe(true);
  });

  it("creates the reply for a late joiner from ready.agentRuns and keeps appending", () => {
    let state = loaded([msg("req", 1)]);
    state = streamsReducer(state, { type: "chunk", messageId: "r2", offset: 0, chunk: "Partial ", placeholder: placeholder("r2") });
    state = streamsReducer(state, { type: "chunk", messageId: "r2", offset: 8, chunk: "answer", placeholder: placeholder("r2") });
    expect(state.agent.messages.at(-1)).toMatchObject({
      id: "r2",
      seq: 0,
      content: "Partial answer",
      messageType: "ai_response",
      replyToMessageId: "req",
      virtualSender: VIRE,
    });
  });

  it("a history page read mid-stream neither shortens the text nor reopens a finished reply", () => {
    let state = loaded([reply("r3", 2, "")]);
    state = streamsReducer(state, { type: "chunk", messageId: "r3", offset: 0, chunk: "Long streamed text", placeholder: null });
    state = streamsReducer(state, { type: "incoming", stream: "agent", messages: [reply("r3", 2, "Long")] });
    expect(state.agent.messages[0]!.content).toBe("Long streamed text");
    state = streamsReducer(state, {
      type: "incoming",
      stream: "agent",
      messages: [reply("r3", 2, "Final text.", { isStreamingMessage: false, isStreamingComplete: true })],
    });
    expect(state.agent.messages[0]).toMatchObject({ content: "Final text.", isStreamingComplete: true });
    state = streamsReducer(state, { type: "incoming", stream: "agent", messages: [reply("r3", 2, "Long")] });
    expect(state.agent.messages[0]).toMatchObject({ content: "Final text.", isStreamingComplete: true });
  });

  it("the stored copy of a placeholder takes its seq and place", () => {
    let state = loaded([msg("req", 1), msg("later", 5)]);
    state = streamsReducer(state, { type: "chunk", messageId: "r4", offset: 0, chunk: "abc", placeholder: placeholder("r4") });
    expect(state.agent.messages.map((m) => m.id)).toEqual(["req", "later", "r4"]);
    state = streamsReducer(state, { type: "incoming", stream: "agent", messages: [reply("r4", 3, "")] });
    expect(state.agent.messages.map((m) => m.id)).toEqual(["req", "r4", "later"]);
    expect(state.agent.messages[1]!.content).toBe("abc");
  });

  it("ignores chunks for unknown replies without a placeholder, and refresh replaces the text", () => {
    const state = loaded([reply("r5", 2, "stale")]);
    expect(streamsReducer(state, { type: "chunk", messageId: "nope", offset: 0, chunk: "x", placeholder: null })).toBe(state);
    const refreshed = streamsReducer(state, { type: "replaceContent", messageId: "r5", content: "stored text" });
    expect(refreshed.agent.messages[0]).toMatchObject({ content: "stored text", isStreamingComplete: true });
  });
});
