import { describe, expect, it } from "vitest";
import { call, expectError, expectSignedOutRefused, signUp, type TestUser } from "../helpers";
import { connect, createGroup, send, team } from "../chat-helpers";

async function chats(user: TestUser): Promise<any[]> {
  const r = await call("/api/chats", { token: user.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  expect(r.json.data.success).toBe(true);
  return r.json.data.data;
}

function lastMessage(user: TestUser, chatId: string) {
  return call(`/api/chats/${chatId}/last-message`, { token: user.token });
}

describe("GET /api/chats", () => {
  it("lists only the caller's chats in their current organization, in the chat list's shape", async () => {
    const { admin, members } = await team("Bob", "Carol");
    const [bob, carol] = members as [TestUser, TestUser];
    const withBob = await createGroup(admin, [bob], [], "With Bob");
    const withCarol = await createGroup(admin, [carol], [], "With Carol");
    expect((await chats(admin)).map((c) => c.id).sort()).toEqual([withBob, withCarol].sort());
    const bobs = await chats(bob);
    expect(bobs.map((c) => c.id)).toEqual([withBob]);
    expect(bobs[0]).toMatchObject({ id: withBob, name: "With Bob", is_group: true, chatType: "human_group", chatOwnerId: admin.id });
    expect(await chats(await signUp("Stranger"))).toEqual([]);
    await expectSignedOutRefused("/api/chats");
  });

  it("GET /api/chats/{id} answers a member and hides the chat from a stranger", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members, [], "Room");
    const r = await call(`/api/chats/${chatId}`, { token: members[0]!.token });
    expect(r.json.data).toMatchObject({ id: chatId, name: "Room", is_group: true, organizationId: expect.any(String) });
    expectError(await call(`/api/chats/${chatId}`, { token: (await signUp("Stranger")).token }), 404, "Chat not found");
  });
});

describe("GET /api/chats/{id}/last-message", () => {
  it("answers success with data null for a chat without messages", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const r = await lastMessage(admin, chatId);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ success: true, data: null });
  });

  it("gives a member the newest message they may see; another member's ask-only question never shows", async () => {
    const { admin, members } = await team("Bob");
    const bob = members[0]!;
    const chatId = await createGroup(admin, members);
    const a = await connect(chatId, admin);
    const b = await connect(chatId, bob);
    await send(a, "public line");
    const alices = await lastMessage(admin, chatId);
    expect(alices.json.data).toEqual({
      success: true,
      data: { content: "public line", messageType: "chat", displayToUser: true, timestamp: expect.any(String) },
    });
    expect(Number.isNaN(Date.parse(alices.json.data.data.timestamp))).toBe(false);

    await send(b, "Bob's private question", 2);
    expect((await lastMessage(bob, chatId)).json.data.data.content).toBe("Bob's private question");
    expect((await lastMessage(admin, chatId)).json.data.data.content).toBe("public line");
    a.close();
    b.close();
  });

  it("refuses a stranger with 404 and a signed-out caller with 401", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const a = await connect(chatId, admin);
    await send(a, "team only");
    const stranger = await lastMessage(await signUp("Stranger"), chatId);
    expectError(stranger, 404, "Chat not found");
    expect(JSON.stringify(stranger.json)).not.toContain("team only");
    await expectSignedOutRefused(`/api/chats/${chatId}/last-message`);
    expectError(await lastMessage(admin, "x".repeat(65)), 400);
    a.close();
  });
});
