import { describe, expect, it } from "vitest";
import { call } from "../helpers";
import { chatMessage } from "../socket-helpers";
import { connect, createGroup, expectNoFrame, framesOf, history, isMessage, messageFrom, send, team, upgradeStatus, wholeHistory } from "../chat-helpers";

const participants = (token: string, chatId: string, method: "POST" | "DELETE", ids: string[]) =>
  call(`/api/group-chats/${chatId}/participants`, { method, token, body: { participantIds: ids, participantType: "user" } });

describe("the room follows membership changes", () => {
  it("a removed member's sockets get group_remove, then close with 4003; they can neither reconnect nor read", async () => {
    const { admin, members } = await team("Bob", "Carol");
    const [bob, carol] = members as [any, any];
    const chatId = await createGroup(admin, [bob, carol]);
    const a = await connect(chatId, admin);
    const c = await connect(chatId, carol);
    const b1 = await connect(chatId, bob);
    const b2 = await connect(chatId, bob);
    await send(b1, "before removal");

    expect((await participants(admin.token, chatId, "DELETE", [bob.id])).status).toBe(200);
    for (const b of [b1, b2]) {
      expect(await b.closed).toMatchObject({ code: 4003 });
      const last = b.frames.at(-1);
      expect(last).toEqual({ type: "group_remove", chatId, reason: "removed" });
    }
    expect((await a.next((f) => f.type === "member_remove")).participantIds).toEqual([bob.id]);
    // Carol stays connected and keeps chatting.
    await send(c, "still here");
    await a.next((f) => isMessage(f) && f.message.content === "still here");

    expect(await upgradeStatus(`/api/chats/${chatId}/ws`, bob.token)).toBe(404);
    expect((await history(bob, chatId)).status).toBe(404);
    // A send through the dead socket goes nowhere.
    try {
      b1.send(chatMessage("sneaky"));
    } catch {
      // closed sockets may throw
    }
    await expectNoFrame(a, (f) => isMessage(f) && f.message.content === "sneaky");
    expect((await wholeHistory(admin, chatId)).map((m) => m.content)).toEqual(["before removal", "still here"]);
  });

  it("leaving closes the leaver's sockets (reason left) and tells the others", async () => {
    const { admin, members } = await team("Bob", "Carol");
    const [bob, carol] = members as [any, any];
    const chatId = await createGroup(admin, [bob, carol]);
    const a = await connect(chatId, admin);
    const b = await connect(chatId, bob);
    expect((await call(`/api/group-chats/${chatId}/leave`, { token: bob.token, body: {} })).json.data).toEqual({ chatId });
    expect(await b.closed).toMatchObject({ code: 4003 });
    expect(b.frames.at(-1)).toEqual({ type: "group_remove", chatId, reason: "left" });
    expect((await a.next((f) => f.type === "member_remove")).participantIds).toEqual([bob.id]);
    expect(await upgradeStatus(`/api/chats/${chatId}/ws`, bob.token)).toBe(404);
  });

  it("an added member can connect and send at once, and the room announces them", async () => {
    const { admin, members } = await team("Bob", "Dave");
    const [bob, dave] = members as [any, any];
    const chatId = await createGroup(admin, [bob]);
    const a = await connect(chatId, admin);
    await send(a, "hello before Dave");
    expect(await upgradeStatus(`/api/chats/${chatId}/ws`, dave.token)).toBe(404);
    expect((await participants(admin.token, chatId, "POST", [dave.id])).status).toBe(200);
    expect((await a.next((f) => f.type === "member_add")).participantIds).toEqual([dave.id]);
    const d = await connect(chatId, dave, "?lastSeq=0");
    await framesOf(d, (f) => f.type === "replay_done");
    expect(d.frames.filter(isMessage).map((f) => f.message.content)).toEqual(["hello before Dave"]);
    const ack = await send(d, "hi, Dave here");
    expect(ack).toMatchObject({ success: true, seq: 2 });
    expect((await a.next(messageFrom(ack.message_id))).message.sender).toMatchObject({ id: dave.id, name: "Dave" });
  });

  it("dissolving tells every socket and closes them with 4004; the chat is gone", async () => {
    const { admin, members } = await team("Bob");
    const bob = members[0]!;
    const chatId = await createGroup(admin, [bob]);
    const a = await connect(chatId, admin);
    const b = await connect(chatId, bob);
    await send(a, "last words");
    expect((await call(`/api/group-chats/${chatId}`, { method: "DELETE", token: admin.token })).status).toBe(200);
    for (const s of [a, b]) {
      expect(await s.closed).toMatchObject({ code: 4004 });
      expect(s.frames.at(-1)).toEqual({ type: "group_remove", chatId, reason: "dissolved" });
    }
    expect(await upgradeStatus(`/api/chats/${chatId}/ws`, admin.token)).toBe(404);
    expect((await history(admin, chatId)).status).toBe(404);
    expect((await call(`/api/chats/${chatId}`, { token: bob.token })).status).toBe(404);
  });

  it("a rename reaches the room's sockets", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const b = await connect(chatId, members[0]!);
    const r = await call(`/api/group-chats/${chatId}`, { method: "PUT", token: admin.token, body: { name: "  Renamed Room  " } });
    expect(r.status).toBe(200);
    expect(r.json.data.chat.name).toBe("Renamed Room");
    expect(await b.next((f) => f.type === "chat_renamed")).toEqual({ type: "chat_renamed", chatId, name: "Renamed Room" });
  });
});
