import { describe, expect, it } from "vitest";
import { call, signUp } from "../helpers";
import { chatMessage, openSocket } from "../socket-helpers";

async function groupOfTwo() {
  const owner = await signUp("Owner");
  const member = await signUp("Member");
  const { json: org } = await call("/api/auth/session", { token: owner.token });
  const { json: invite } = await call(`/api/organizations/${org.data.organizationId}/invite`, { token: owner.token });
  await call("/api/organizations/join", { token: member.token, body: { inviteCode: invite.data.inviteCode } });
  const created = await call("/api/group-chats", {
    token: owner.token,
    body: { name: "Team", participants: [{ id: member.id, type: "user", role: "member" }] },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  return { owner, member, chatId: created.json.data.groupChat.id as string };
}

describe("chat room smoke", () => {
  it("acks, broadcasts, dedupes and replays", async () => {
    const { owner, member, chatId } = await groupOfTwo();
    const a = await openSocket(`/api/chats/${chatId}/ws`, owner.token);
    const b = await openSocket(`/api/chats/${chatId}/ws`, member.token);
    await a.next((f) => f.type === "ready");
    await b.next((f) => f.type === "ready");
    const frame = chatMessage("hello team");
    a.send(frame);
    const ack = await a.next((f) => f.type === "chat_ack");
    expect(ack).toMatchObject({ success: true, seq: 1, message_id: frame.message_id });
    const got = await b.next((f) => f.type === "message");
    expect(got.message).toMatchObject({ id: frame.message_id, content: "hello team", seq: 1 });
    a.send(frame);
    expect(await a.next((f) => f.type === "chat_ack")).toMatchObject({ success: true, seq: 1, duplicate: true });

    b.close();
    a.send(chatMessage("while you were away"));
    await a.next((f) => f.type === "chat_ack");
    const b2 = await openSocket(`/api/chats/${chatId}/ws?lastSeq=1`, member.token);
    const replayed = await b2.next((f) => f.type === "message");
    expect(replayed.message.content).toBe("while you were away");
    expect((await b2.next((f) => f.type === "replay_done")).headSeq).toBe(2);

    const page = await call(`/api/group-chats/${chatId}/messages?chat_type=0`, { token: member.token });
    expect(page.json.data.messages.map((m: any) => m.content)).toEqual(["hello team", "while you were away"]);
  });
});
