import { describe, expect, it } from "vitest";
import { PING_TEXT, PONG_TEXT, frameTypeOf, parseInboxFrame, parseRoomFrame, type ChatMessage, type PresenterRequest } from "../../../contract";

const request: PresenterRequest = {
  requestId: "req_1",
  chatId: "c1",
  room: "c1",
  requester: "u2",
  requesterName: "Bob",
  action: "request_presenter",
  targetPresenter: null,
  targetPresenterName: null,
  ownerId: "u1",
  message: "",
  timestamp: "2025-01-01T00:00:00Z",
};

const message: ChatMessage = {
  id: "msg_1234",
  seq: 1,
  chat_id: "c1",
  chatType: 0,
  chat_type: 0,
  content: "hello",
  messageType: "chat",
  createdAt: "2025-01-01T00:00:00Z",
  timestamp: "2025-01-01T00:00:00Z",
  isUserMessage: true,
  is_from_ai: false,
  sender: { id: "u1", name: "Alice", image: null },
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

describe("room frames", () => {
  it("parses every kind the room sends, from text or from a value", () => {
    const frames = [
      { type: "message", message },
      { type: "chat_ack", message_id: "msg_1234", success: true, error: null, timestamp: "t", seq: 1 },
      { type: "streaming_message", room: "c1", chat_type: 1, message_id: "m", chunk: "He", offset: 0 },
      { type: "presenter_request", request },
      { type: "request_success", requestId: "req_1", message: "sent" },
      { type: "assign_error", error: "no" },
      { type: "control_state", control: { ownerId: "u1", presenterId: null, presenterName: null, requests: [request] } },
      { type: "pong" },
    ];
    for (const frame of frames) {
      expect(parseRoomFrame(JSON.stringify(frame))).toEqual(frame);
      expect(parseRoomFrame(frame)).toEqual(frame);
    }
  });

  it("returns null, never throws, for junk, unknown types and frames with a wrong field", () => {
    for (const junk of ["not json", "", "null", "[]", JSON.stringify({ type: "nope" }), new ArrayBuffer(3), undefined, 42])
      expect(parseRoomFrame(junk)).toBeNull();
    expect(parseRoomFrame(JSON.stringify({ type: "message", message: { ...message, seq: "1" } }))).toBeNull();
    expect(parseRoomFrame(JSON.stringify({ type: "group_remove", chatId: "c1", reason: "bored" }))).toBeNull();
    expect(parseRoomFrame(JSON.stringify({ type: "chat_updated", chatId: "c1" }))).toBeNull();
  });
});

describe("inbox frames", () => {
  it("parses presenter_request with its chat name, and the chat-list frames", () => {
    const frame = { type: "presenter_request", request, chatName: "Launch" };
    expect(parseInboxFrame(JSON.stringify(frame))).toEqual(frame);
    expect(parseInboxFrame(JSON.stringify({ type: "chat_updated", chatId: "c1" }))).toEqual({ type: "chat_updated", chatId: "c1" });
    expect(parseInboxFrame(JSON.stringify({ type: "presenter_request", request }))).toBeNull();
    expect(parseInboxFrame(JSON.stringify({ type: "message", message }))).toBeNull();
  });
});

describe("ping and pong", () => {
  it("are the exact texts clients send and the platform answers", () => {
    expect(PING_TEXT).toBe(JSON.stringify({ type: "ping" }));
    expect(parseRoomFrame(PONG_TEXT)).toEqual({ type: "pong" });
    expect(parseInboxFrame(PONG_TEXT)).toEqual({ type: "pong" });
  });

  it("names the type of a frame that did not parse", () => {
    expect(frameTypeOf('{"type":"surprise"}')).toBe("surprise");
    expect(frameTypeOf("{")).toBe("not json");
    expect(frameTypeOf(new ArrayBuffer(1))).toBe("binary");
    expect(frameTypeOf("[1]")).toBe("no type");
  });
});
