import { describe, expect, it } from "vitest";
import { signUp } from "../helpers";
import { chatMessage, messageId } from "../socket-helpers";
import { ackOf, connect, inbox, createGroup, framesOf, isMessage, roomBarrier, send, team, upgradeStatus, wholeHistory } from "../chat-helpers";

const good = (extra: Record<string, unknown> = {}) => ({ ...chatMessage("hello"), ...extra });

/** Frames a client could send by mistake or on purpose; none may be stored or close the socket. */
const BAD_FRAMES: [string, unknown][] = [
  ["malformed JSON", "{not json"],
  ["a JSON string", '"chat_message"'],
  ["null", "null"],
  ["an array", "[]"],
  ["an unknown type", { type: "shout", text: "hi" }],
  ["no type", { message_id: messageId(), chat_type: 0, data: { content: { text: "x" } } }],
  ["a numeric message_id", good({ message_id: 42 })],
  ["a message_id without the msg_ prefix", good({ message_id: "hello-world" })],
  ["a message_id with spaces", good({ message_id: "msg_a b c d" })],
  ["a message_id too short", good({ message_id: "msg_ab" })],
  ["a message_id too long", good({ message_id: `msg_${"a".repeat(61)}` })],
  ["chat_type as a string", good({ chat_type: "0" })],
  ["chat_type 3", good({ chat_type: 3 })],
  ["chat_type missing", { type: "chat_message", message_id: messageId(), data: { content: { text: "x" } } }],
  ["text as a number", good({ data: { content: { text: 123 } } })],
  ["no data", { type: "chat_message", message_id: messageId(), chat_type: 0 }],
  ["no content", good({ data: {} })],
  ["text over 20000 characters", good({ data: { content: { text: "x".repeat(20_001) } } })],
  ["attachments not a list", good({ data: { content: { text: "x", attachments: "file.txt" } } })],
  [
    "21 attachments",
    good({
      data: {
        content: {
          text: "x",
          attachments: Array.from({ length: 21 }, (_, i) => ({ id: `a${i}`, fileName: "f.txt", fileSize: 1, mimeType: "text/plain", fileUrl: "/f" })),
        },
      },
    }),
  ],
  ["a resume with a negative lastSeq", { type: "resume", lastSeq: -1 }],
  ["a resume with a string lastSeq", { type: "resume", lastSeq: "3" }],
  ["a frame over 256 KiB", good({ data: { content: { text: "x", pad: "y".repeat(300_000) } } })],
];

describe("ChatRoom refuses bad frames without closing the socket", () => {
  it.each(BAD_FRAMES)("%s: an error frame or failed ack, nothing stored, socket still open", async (_label, frame) => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const a = await connect(chatId, admin);
    const b = await connect(chatId, members[0]!);
    if (typeof frame === "string") a.ws.send(frame);
    else a.send(frame);
    const answer = await a.next((f) => f.type === "error" || f.type === "chat_ack");
    if (answer.type === "error") expect(answer.error).toEqual(expect.any(String));
    else expect(answer).toMatchObject({ success: false, seq: null });
    // A refusal is decided while the room handles the frame: a broadcast would reach Bob before his barrier's pong.
    await roomBarrier(b);
    expect(b.frames.filter(isMessage)).toEqual([]);
    expect(await wholeHistory(admin, chatId)).toEqual([]);
    // The same socket still works for a proper message, which gets seq 1 (nothing was numbered before).
    expect(await send(a, "after the bad frame")).toMatchObject({ success: true, seq: 1 });
  });

  it("a binary frame is refused the same way", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const a = await connect(chatId, admin);
    a.ws.send(new TextEncoder().encode(JSON.stringify(chatMessage("binary"))));
    expect((await a.next((f) => f.type === "error")).error).toEqual(expect.any(String));
    expect(await send(a, "text works")).toMatchObject({ success: true, seq: 1 });
  });

  it("the over-long refusal names the limit, and exactly 20000 characters are accepted", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const a = await connect(chatId, admin);
    a.send(chatMessage("x".repeat(20_001)));
    expect((await a.next((f) => f.type === "error")).error).toMatch(/too long/i);
    const ok = await send(a, "y".repeat(20_000));
    expect(ok).toMatchObject({ success: true, seq: 1 });
    expect((await wholeHistory(admin, chatId))[0].content).toHaveLength(20_000);
  });

  it("a reply to a message that does not exist is refused with a failed ack", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const a = await connect(chatId, admin);
    const f = chatMessage("re: nothing", 0, messageId(), { reply_to_message_id: "msg_doesnotexist" });
    a.send(f);
    expect(await a.next(ackOf(f.message_id))).toMatchObject({ success: false, seq: null });
    expect(await wholeHistory(admin, chatId)).toEqual([]);
  });
});

describe("who may open a room socket", () => {
  it("non-members get 404: a colleague outside the chat and a user of another organization", async () => {
    const { admin, members } = await team("Bob", "Carol");
    const chatId = await createGroup(admin, [members[0]!]);
    const outsider = await signUp("Olga Outsider");
    expect(await upgradeStatus(`/api/chats/${chatId}/ws`, members[1]!.token)).toBe(404);
    expect(await upgradeStatus(`/api/chats/${chatId}/ws`, outsider.token)).toBe(404);
    expect(await upgradeStatus(`/api/chats/chat_doesnotexist/ws`, admin.token)).toBe(404);
    expect(await upgradeStatus(`/api/chats/${chatId}/ws`, members[0]!.token)).toBe(101);
  });

  it("no session gets 401; ?token= works where a browser cannot set headers", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    expect(await upgradeStatus(`/api/chats/${chatId}/ws`)).toBe(401);
    expect(await upgradeStatus(`/api/chats/${chatId}/ws`, "forged-token")).toBe(401);
    expect(await upgradeStatus(`/api/inbox/ws`)).toBe(401);
    expect(await upgradeStatus(`/api/chats/${chatId}/ws?token=${encodeURIComponent(admin.token)}`)).toBe(101);
  });

  it("an upgrade from another origin is refused with 403 (room and inbox); the own origin is fine", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const evil = { origin: "https://evil.example" };
    expect(await upgradeStatus(`/api/chats/${chatId}/ws`, admin.token, evil)).toBe(403);
    expect(await upgradeStatus(`/api/inbox/ws`, admin.token, evil)).toBe(403);
    expect(await upgradeStatus(`/api/chats/${chatId}/ws`, admin.token, { origin: "http://localhost.evil.example" })).toBe(403);
    expect(await upgradeStatus(`/api/chats/${chatId}/ws`, admin.token, { origin: "http://localhost" })).toBe(101);
    expect(await upgradeStatus(`/api/inbox/ws`, admin.token, { origin: "http://localhost" })).toBe(101);
  });

  it("a ping is answered with pong on both sockets", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const a = await connect(chatId, admin);
    a.send({ type: "ping" });
    await a.next((f) => f.type === "pong");
    const frames = await framesOf(a, (f) => f.type === "ready");
    expect(frames[0]).toMatchObject({ type: "ready", chatId, headSeq: 0, agentRuns: [], control: { presenterId: null } });
    const box = await inbox(admin);
    box.send({ type: "ping" });
    await box.next((f) => f.type === "pong");
  });
});
