import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage, ServerFrame } from "../../../../contract";
import { ACK_WAIT_MS } from "../../../../contract";
import {
  CLOSE_FRAME_FLOOD,
  CLOSE_REMOVED,
  CLOSE_SIGNED_OUT,
  FLOOD_RETRY_MS,
  REPLAY_LIMIT,
  RoomSocket,
  roomSocketUrl,
  type FrameMeta,
  type RoomEvents,
  type SocketLike,
} from "../../../../web/features/chat/model/roomSocket";

type Listener = (event: Event & { code?: number; data?: unknown }) => void;

/** Stands in for partysocket: records the URL of each connection attempt. */
class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  urls: string[] = [];
  closed: number | null = null;
  private listeners = new Map<string, Listener[]>();
  constructor(
    private readonly url: () => string,
    readonly shouldReconnect: (code: number) => boolean,
  ) {
    this.urls.push(url());
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  private emit(type: string, extra: { code?: number; data?: unknown } = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(Object.assign(new Event(type), extra));
  }
  send(data: string) {
    if (this.readyState !== 1) return false;
    this.sent.push(data);
    return true;
  }
  reconnect() {
    this.readyState = 3;
    this.emit("close", { code: 1000 });
    this.urls.push(this.url());
  }
  close(code = 1000) {
    this.readyState = 3;
    this.closed = code;
    this.emit("close", { code });
  }
  open() {
    this.readyState = 1;
    this.emit("open");
  }
  drop(code: number) {
    this.readyState = 3;
    this.emit("close", { code });
    if (this.shouldReconnect(code)) this.urls.push(this.url());
  }
  receive(frame: ServerFrame) {
    this.emit("message", { data: JSON.stringify(frame) });
  }
}

function message(id: string, seq: number): ChatMessage {
  return {
    id,
    seq,
    chat_id: "chat_1",
    chatType: 0,
    chat_type: 0,
    content: "hi",
    messageType: "chat",
    createdAt: "2025-01-01T00:00:00.000Z",
    timestamp: "2025-01-01T00:00:00.000Z",
    isUserMessage: true,
    is_from_ai: false,
    sender: { id: "u2", name: "Bob", image: null },
    virtualSender: null,
    attachments: [],
    replyToMessageId: null,
    replyToMessage: null,
    reactions: [],
    likes: { likes: 0, dislikes: 0, userLiked: false, userDisliked: false },
    isStreamingMessage: false,
    isStreamingComplete: false,
    agent_id: null,
  };
}

const CONTROL = { ownerId: "u1", presenterId: null, presenterName: null, requests: [] };
function ready(headSeq: number): ServerFrame {
  return { type: "ready", chatId: "chat_1", headSeq, agentRuns: [], control: CONTROL };
}

/** What the view hears of a frame, as one log line (none for the socket's own acks and pongs). */
function describeFrame(frame: ServerFrame, meta: FrameMeta): string | null {
  switch (frame.type) {
    case "ready":
      return `ready ${frame.headSeq} ${meta.first}${frame.agentRuns.map((r) => ` run ${r.message_id}:${r.content}`).join("")}`;
    case "message":
      return `message ${frame.message.id}`;
    case "message_updated":
      return `updated ${frame.message.id}`;
    case "replay_done":
      return `replayDone ${frame.headSeq} ${meta.gap}`;
    case "reactions":
      return `reactions ${frame.message_id}`;
    case "likes":
      return `likes ${frame.message_id} ${frame.likes.likes}/${frame.likes.dislikes}`;
    case "chat_renamed":
      return `renamed ${frame.name}`;
    case "member_add":
    case "member_remove":
      return "members";
    case "error":
      return `serverError ${frame.error} ${meta.ownMessageId}`;
    case "chat_ack":
    case "pong":
      return null;
    default:
      return `agent ${frame.type}`;
  }
}

function setup(token: string | null = "tok") {
  const log: string[] = [];
  const events: RoomEvents = {
    connection: (c) => log.push(`connection ${c}`),
    frame: (frame, meta) => {
      const line = describeFrame(frame, meta);
      if (line) log.push(line);
    },
    acked: (id, _ts, seq) => log.push(`acked ${id} ${seq}`),
    sendFailed: (id, error) => log.push(`sendFailed ${id} ${error}`),
    shownAsSent: (id) => log.push(`shown ${id}`),
    removed: (reason) => log.push(`removed ${reason}`),
    signedOut: () => log.push("signedOut"),
  };
  let socket: FakeSocket | null = null;
  const room = new RoomSocket("chat_1", events, {
    factory: (url, shouldReconnect) => (socket = new FakeSocket(url, shouldReconnect)),
    location: { protocol: "https:", host: "chat.example.com" },
    token: () => token,
  });
  room.start();
  return { room, log, socket: () => socket! };
}

beforeEach(() => vi.spyOn(console, "warn").mockImplementation(() => {}));
afterEach(() => vi.useRealTimers());

describe("roomSocketUrl", () => {
  it("uses ws or wss like the page, adds lastSeq and the bearer token when known, and asks for batches", () => {
    expect(roomSocketUrl({ protocol: "http:", host: "localhost:8787" }, "chat_1", null, null)).toBe("ws://localhost:8787/api/chats/chat_1/ws?frames=batch");
    expect(roomSocketUrl({ protocol: "https:", host: "a.b" }, "chat 1", 42, "t k")).toBe("wss://a.b/api/chats/chat%201/ws?lastSeq=42&token=t+k&frames=batch");
  });
});

describe("RoomSocket", () => {
  it("first connects without lastSeq, then reconnects from the highest seq it has seen", () => {
    const { socket, log } = setup();
    expect(socket().urls[0]).toBe("wss://chat.example.com/api/chats/chat_1/ws?token=tok&frames=batch");
    socket().open();
    socket().receive(ready(7));
    socket().receive({ type: "message", message: message("msg_x1", 9) });
    socket().receive({ type: "message", message: message("msg_x0", 8) });
    socket().drop(1006);
    expect(socket().urls[1]).toBe("wss://chat.example.com/api/chats/chat_1/ws?lastSeq=9&token=tok&frames=batch");
    socket().open();
    socket().receive(ready(9));
    expect(log).toEqual(["connection true", "ready 7 true", "message msg_x1", "message msg_x0", "connection false", "connection true", "ready 9 false"]);
  });

  it("uses the headSeq of the first ready as the starting point", () => {
    const { socket } = setup(null);
    socket().open();
    socket().receive(ready(30));
    socket().drop(1006);
    expect(socket().urls[1]).toBe("wss://chat.example.com/api/chats/chat_1/ws?lastSeq=30&frames=batch");
  });

  it("hands the view a batch as its messages in order, and reconnects after the last of them", () => {
    const { room, socket, log } = setup();
    socket().open();
    socket().receive(ready(7));
    room.send("msg_mine4", "{}");
    socket().receive({ type: "messages", messages: [message("msg_b8", 8), message("msg_mine4", 9), message("msg_b10", 10)] });
    expect(log.slice(-4)).toEqual(["message msg_b8", "acked msg_mine4 9", "message msg_mine4", "message msg_b10"]);
    socket().drop(1006);
    expect(socket().urls[1]).toBe("wss://chat.example.com/api/chats/chat_1/ws?lastSeq=10&token=tok&frames=batch");
  });

  it("never reconnects after an ack's seq: the batch with the messages before it may still be on its way", () => {
    const { room, socket, log } = setup();
    socket().open();
    socket().receive(ready(7));
    room.send("msg_mine5", "{}");
    socket().receive({ type: "chat_ack", message_id: "msg_mine5", success: true, error: null, timestamp: "2025-01-01T00:00:00.000Z", seq: 9 });
    expect(log.at(-1)).toBe("acked msg_mine5 9");
    socket().drop(1006);
    // Message 8 was stored before it and never arrived: the replay must start before it.
    expect(socket().urls[1]).toBe("wss://chat.example.com/api/chats/chat_1/ws?lastSeq=7&token=tok&frames=batch");
  });

  it("asks for a reload only when the replay was cut at its limit", () => {
    const { socket, log } = setup();
    socket().open();
    socket().receive(ready(1));
    socket().receive({ type: "replay_done", headSeq: 1 });
    socket().drop(1006);
    socket().open();
    for (let i = 0; i < REPLAY_LIMIT; i++) socket().receive({ type: "message", message: message(`msg_r${i}`, i + 2) });
    socket().receive({ type: "replay_done", headSeq: 5000 });
    expect(log.filter((l) => l.startsWith("replayDone"))).toEqual(["replayDone 1 false", "replayDone 5000 true"]);
    socket().drop(1006);
    expect(socket().urls.at(-1)).toContain("lastSeq=5000");
  });

  it("acks a pending send, and re-sends it with the same frame after a forced reconnect", () => {
    vi.useFakeTimers();
    const { room, socket, log } = setup();
    socket().open();
    room.send("msg_mine1", '{"type":"chat_message","message_id":"msg_mine1"}');
    expect(socket().sent).toEqual(['{"type":"chat_message","message_id":"msg_mine1"}']);
    vi.advanceTimersByTime(ACK_WAIT_MS);
    expect(log).toContain("shown msg_mine1");
    expect(log.filter((l) => l === "connection false")).toHaveLength(1); // forced reconnect
    socket().open();
    expect(socket().sent).toHaveLength(2);
    expect(socket().sent[1]).toBe(socket().sent[0]);
    socket().receive({ type: "chat_ack", message_id: "msg_mine1", success: true, error: null, timestamp: "2025-01-01T00:00:00.000Z", seq: 4 });
    expect(log).toContain("acked msg_mine1 4");
  });

  it("settles a pending send when its broadcast arrives first", () => {
    const { room, socket, log } = setup();
    socket().open();
    room.send("msg_mine2", "{}");
    socket().receive({ type: "message", message: message("msg_mine2", 11) });
    expect(log.slice(-2)).toEqual(["acked msg_mine2 11", "message msg_mine2"]);
  });

  it("reports an error frame against the pending send it answers", () => {
    const { room, socket, log } = setup();
    socket().open();
    room.send("msg_mine3", "{}");
    socket().receive({ type: "error", error: "At most 20 attachments per message" });
    expect(log.slice(-2)).toEqual(["sendFailed msg_mine3 At most 20 attachments per message", "serverError At most 20 attachments per message msg_mine3"]);
    socket().receive({ type: "error", error: "Malformed JSON frame" });
    expect(log.at(-1)).toBe("serverError Malformed JSON frame null");
  });

  it("stops for good on close code 4003 and on group_remove", () => {
    const first = setup();
    first.socket().open();
    first.socket().drop(CLOSE_REMOVED);
    expect(first.socket().urls).toHaveLength(1);
    expect(first.log.at(-1)).toBe("removed removed");
    expect(first.room.removedReason).toBe("removed");

    const second = setup();
    second.socket().open();
    second.socket().receive({ type: "group_remove", chatId: "chat_1", reason: "dissolved" });
    expect(second.log).toContain("removed dissolved");
    expect(second.socket().closed).toBe(1000);
    expect(second.socket().shouldReconnect(1006)).toBe(false);
  });

  it("does not reconnect after 4001 (signed out) and tells the app once", () => {
    const { socket, log } = setup();
    socket().open();
    socket().drop(CLOSE_SIGNED_OUT);
    expect(socket().urls).toHaveLength(1);
    expect(log.filter((l) => l === "signedOut")).toHaveLength(1);
  });

  it("after 4008 (too many frames) tries once more only after a quiet pause", () => {
    vi.useFakeTimers();
    const { socket } = setup();
    socket().open();
    socket().drop(CLOSE_FRAME_FLOOD);
    expect(socket().urls).toHaveLength(1);
    vi.advanceTimersByTime(FLOOD_RETRY_MS - 1);
    expect(socket().urls).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(socket().urls).toHaveLength(2);
  });

  it("passes reactions, likes, renames and member changes through", () => {
    const { socket, log } = setup();
    socket().open();
    socket().receive({ type: "reactions", message_id: "m1", reactions: [] });
    socket().receive({ type: "likes", message_id: "m1", likes: { likes: 2, dislikes: 1 } });
    socket().receive({ type: "chat_renamed", chatId: "chat_1", name: "New" });
    socket().receive({ type: "member_add", chatId: "chat_1", participantIds: ["u3"] });
    expect(log.slice(1)).toEqual(["reactions m1", "likes m1 2/1", "renamed New", "members"]);
  });

  it("hands the agent state of ready, updated messages and agent frames to the view", () => {
    const { socket, log } = setup();
    socket().open();
    socket().receive({
      type: "ready",
      chatId: "chat_1",
      headSeq: 3,
      agentRuns: [{ room: "chat_1", chat_type: 1, message_id: "m9", request_id: "m8", content: "Hel", startedBy: "u1" }],
      control: CONTROL,
    });
    socket().receive({ type: "message_updated", message: message("m9", 4) });
    socket().receive({ type: "streaming_message", room: "chat_1", chat_type: 1, message_id: "m9", chunk: "lo", offset: 3 });
    socket().receive({ type: "presenter_changed", chatId: "chat_1", presenterId: "u2", presenterName: "Bob", action: "approve", by: "u1" });
    expect(log.slice(1)).toEqual(["ready 3 true run m9:Hel", "updated m9", "agent streaming_message", "agent presenter_changed"]);
  });

  it("logs a frame the contract does not know instead of dropping it silently", () => {
    const { socket, log } = setup();
    const warn = vi.mocked(console.warn);
    socket().open();
    socket().receive({ type: "surprise", data: 1 } as unknown as ServerFrame);
    socket().receive({ type: "message", message: { id: "m1" } } as unknown as ServerFrame);
    expect(log).toEqual(["connection true"]);
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual(["[chat chat_1] unknown room frame: surprise", "[chat chat_1] unknown room frame: message"]);
  });

  it("sends control frames only over an open socket, without the outbox", () => {
    const { room, socket } = setup();
    expect(room.sendFrame({ type: "release_presenter" })).toBe(false);
    socket().open();
    expect(room.sendFrame({ type: "pause_sse_v2", room: "chat_1", userId: "u1", reason: "user_pause" })).toBe(true);
    expect(JSON.parse(socket().sent[0]!)).toEqual({ type: "pause_sse_v2", room: "chat_1", userId: "u1", reason: "user_pause" });
  });
});
