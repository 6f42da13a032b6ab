import { describe, expect, it } from "vitest";
import type { MessagesPage } from "../../../../contract";
import { initialStreams, streamsReducer } from "../../../../web/features/chat/model/streamsReducer";
import { msg } from "./fixtures";

const page = (messages: ReturnType<typeof msg>[], nextCursor: string | null): MessagesPage => ({
  messages,
  pagination: { hasMore: nextCursor !== null, nextCursor },
});

describe("streamsReducer", () => {
  it("pages a stream: the first page sets the cursor, older pages prepend and move it", () => {
    let state = streamsReducer(initialStreams(), { type: "loadStart", stream: "discuss" });
    expect(state.discuss.loading).toBe(true);
    state = streamsReducer(state, { type: "loadDone", stream: "discuss", page: page([msg("c", 30), msg("d", 40)], "30"), mode: "initial" });
    expect(state.discuss).toMatchObject({ loading: false, loaded: true, hasMore: true, nextCursor: "30" });
    state = streamsReducer(state, { type: "loadDone", stream: "discuss", page: page([msg("a", 10), msg("b", 20)], null), mode: "older" });
    expect(state.discuss.messages.map((m) => m.id)).toEqual(["a", "b", "c", "d"]);
    expect(state.discuss).toMatchObject({ hasMore: false, nextCursor: null });
    expect(state.agent.loaded).toBe(false);
  });

  it("a refresh merges the newest page without touching the cursor, or starts over when it no longer joins", () => {
    let state = streamsReducer(initialStreams(), { type: "loadDone", stream: "agent", page: page([msg("c", 30)], "30"), mode: "initial" });
    state = streamsReducer(state, { type: "loadDone", stream: "agent", page: page([msg("c", 30), msg("e", 50)], "30"), mode: "refresh" });
    expect(state.agent.messages.map((m) => m.id)).toEqual(["c", "e"]);
    state = streamsReducer(state, { type: "loadDone", stream: "agent", page: page([msg("x", 900), msg("y", 901)], "900"), mode: "refresh" });
    expect(state.agent.messages.map((m) => m.id)).toEqual(["x", "y"]);
    expect(state.agent.nextCursor).toBe("900");
  });

  it("routes acks, the 5 s 'shown as sent' mark and failures to the message's stream", () => {
    let state = streamsReducer(initialStreams(), {
      type: "incoming",
      stream: "discuss",
      messages: [msg("mine", 0, "2025-01-01T00:00:00.000Z", { pending: true })],
    });
    state = streamsReducer(state, { type: "shownAsSent", id: "mine" });
    expect(state.discuss.messages[0]).toMatchObject({ pending: true, shownAsSent: true });
    state = streamsReducer(state, { type: "acked", id: "mine", timestamp: "2025-01-01T00:00:02.000Z", seq: 5 });
    expect(state.discuss.messages[0]).toMatchObject({ pending: false, seq: 5, createdAt: "2025-01-01T00:00:02.000Z", timestamp: "2025-01-01T00:00:02.000Z" });
  });

  it("a refused send is removed (discuss, human) or kept marked failed (agent, ask-only)", () => {
    let state = streamsReducer(initialStreams(), { type: "incoming", stream: "discuss", messages: [msg("d1", 0, undefined, { pending: true })] });
    state = streamsReducer(state, { type: "incoming", stream: "agent", messages: [msg("a1", 0, undefined, { pending: true })] });
    state = streamsReducer(state, { type: "sendFailed", id: "d1", error: "nope", remove: true });
    state = streamsReducer(state, { type: "sendFailed", id: "a1", error: "nope", remove: false });
    expect(state.discuss.messages).toEqual([]);
    expect(state.agent.messages[0]).toMatchObject({ id: "a1", pending: false, failed: "nope" });
  });

  it("updates reactions and like counts in place, keeping the user's own flags", () => {
    let state = streamsReducer(initialStreams(), {
      type: "incoming",
      stream: "human",
      messages: [msg("m", 1, undefined, { likes: { likes: 1, dislikes: 0, userLiked: true, userDisliked: false } })],
    });
    state = streamsReducer(state, { type: "likes", id: "m", likes: { likes: 3, dislikes: 1 } });
    expect(state.human.messages[0]!.likes).toEqual({ likes: 3, dislikes: 1, userLiked: true, userDisliked: false });
    state = streamsReducer(state, {
      type: "reactions",
      id: "m",
      reactions: [{ emoji: "🔥", count: 1, users: [{ id: "u1", name: "Ann", isAnonymous: false }] }],
    });
    expect(state.human.messages[0]!.reactions[0]!.emoji).toBe("🔥");
    expect(streamsReducer(state, { type: "likes", id: "missing", likes: { likes: 9 } })).toBe(state);
  });
});
