import { workerFetch } from "../worker-fetch";
import { beforeAll, describe, expect, it } from "vitest";
import { ORIGIN, call, expectError, expectSignedOutRefused, signUp, type TestUser } from "../helpers";
import { connect, createGroup, send, team, upgradeStatus, wholeHistory } from "../chat-helpers";

/** Alice owns a group with Bob; Carol is in the organization but not in the chat; Olga is in another organization. */
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let olga: TestUser;
let chatId: string;
let messageId: string;
let fileUrl: string;

beforeAll(async () => {
  const t = await team("Bob", "Carol");
  alice = t.admin;
  [bob, carol] = t.members as [TestUser, TestUser];
  olga = await signUp("Olga Outsider");
  chatId = await createGroup(alice, [bob], [], "Private Club");
  const a = await connect(chatId, alice);
  messageId = (await send(a, "members only")).message_id;
  const form = new FormData();
  form.append("file", new File(["secret"], "notes.txt", { type: "text/plain" }));
  const up = await workerFetch(`${ORIGIN}/api/chat-attachments?chatId=${chatId}`, {
    method: "POST",
    headers: { authorization: `Bearer ${alice.token}` },
    body: form,
  });
  fileUrl = ((await up.json()) as any).data.fileUrl;
});

/** Every chat route, as [label, method, path, body]. */
function routes(): [string, string, string, unknown?][] {
  return [
    ["chat", "GET", `/api/chats/${chatId}`],
    ["participants", "GET", `/api/chats/${chatId}/participants`],
    ["availableJoinMember", "GET", `/api/chats/${chatId}/availableJoinMember`],
    ["messages", "GET", `/api/group-chats/${chatId}/messages`],
    ["rename", "PUT", `/api/group-chats/${chatId}`, { name: "Hijacked" }],
    ["dissolve", "DELETE", `/api/group-chats/${chatId}`],
    ["leave", "POST", `/api/group-chats/${chatId}/leave`, {}],
    ["add members", "POST", `/api/group-chats/${chatId}/participants`, { participantIds: [carol.id], participantType: "user" }],
    ["remove members", "DELETE", `/api/group-chats/${chatId}/participants`, { participantIds: [bob.id], participantType: "user" }],
    ["mark read", "POST", "/api/unread-messages/mark-read", { chatId }],
    ["react", "POST", `/api/messages/${messageId}/reactions?chatId=${chatId}`, { emoji: "👍" }],
    ["reactions", "GET", `/api/messages/${messageId}/reactions?chatId=${chatId}`],
    ["like", "POST", `/api/messages/${messageId}/like?chatId=${chatId}`, {}],
    ["dislike", "POST", `/api/messages/${messageId}/dislike?chatId=${chatId}`, { reason: "x" }],
    [
      "forward",
      "POST",
      "/api/forward-messages",
      { messageIds: [messageId], recipients: [{ id: alice.id, type: "individual" }], messageType: "private", sourceChatId: chatId },
    ],
    ["download", "GET", fileUrl],
    ["invites", "GET", `/api/group-invites?type=sent&chatId=${chatId}`],
    ["invite", "POST", "/api/group-invites", { inviteeEmail: "someone.new@example.com", chatId }],
  ];
}

describe("non-members get 404 on every chat route", () => {
  it.each(["a colleague outside the chat", "a user of another organization"])("%s", async (who) => {
    const stranger = who.startsWith("a colleague") ? carol : olga;
    for (const [label, method, path, body] of routes()) {
      const r = await call(path, { method, token: stranger.token, body });
      expect(r.status, label).toBe(404);
      expect(r.json, label).toMatchObject({ code: 404, data: null });
    }
    const form = new FormData();
    form.append("file", new File(["x"], "x.txt", { type: "text/plain" }));
    const up = await workerFetch(`${ORIGIN}/api/chat-attachments?chatId=${chatId}`, {
      method: "POST",
      headers: { authorization: `Bearer ${stranger.token}` },
      body: form,
    });
    expect(up.status, "upload").toBe(404);
    await up.text();
    expect(await upgradeStatus(`/api/chats/${chatId}/ws`, stranger.token)).toBe(404);
    // Nothing changed: same name, same members, still one message, nobody reacted.
    const chat = (await call(`/api/chats/${chatId}`, { token: alice.token })).json.data;
    expect(chat.name).toBe("Private Club");
    expect(chat.participants.map((p: any) => p.id).sort()).toEqual([alice.id, bob.id].sort());
    const all = await wholeHistory(alice, chatId);
    expect(all.map((m) => [m.content, m.reactions, m.likes.likes + m.likes.dislikes])).toEqual([["members only", [], 0]]);
  });

  it("an unknown chat id is 404 too, not 500", async () => {
    for (const [label, method, path, body] of routes()) {
      const p = path.replaceAll(chatId, "chat_00000000000000000000000000000000");
      const r = await call(p, {
        method,
        token: alice.token,
        body: body && JSON.parse(JSON.stringify(body).replaceAll(chatId, "chat_00000000000000000000000000000000")),
      });
      expect(r.status, label).toBe(404);
    }
  });
});

describe("members who are not the owner get 403 with the spec's texts", () => {
  it("rename, dissolve, add, remove, invite and list invites", async () => {
    expectError(
      await call(`/api/group-chats/${chatId}`, { method: "PUT", token: bob.token, body: { name: "Bob's now" } }),
      403,
      "Only the group owner can rename the group",
    );
    expectError(await call(`/api/group-chats/${chatId}`, { method: "DELETE", token: bob.token }), 403, "Only the group owner can dissolve the group");
    expectError(
      await call(`/api/group-chats/${chatId}/participants`, { token: bob.token, body: { participantIds: [carol.id], participantType: "user" } }),
      403,
      "Only the group owner can add members",
    );
    expectError(
      await call(`/api/group-chats/${chatId}/participants`, {
        method: "DELETE",
        token: bob.token,
        body: { participantIds: [alice.id], participantType: "user" },
      }),
      403,
      "only owner can remove",
    );
    expectError(
      await call("/api/group-invites", { token: bob.token, body: { inviteeEmail: "someone.new@example.com", chatId } }),
      403,
      "only owner can invite external",
    );
    expectError(await call(`/api/group-invites?type=sent&chatId=${chatId}`, { token: bob.token }), 403, "only owner can invite external");
    const chat = (await call(`/api/chats/${chatId}`, { token: bob.token })).json.data;
    expect(chat.name).toBe("Private Club");
    expect(chat.participants.map((p: any) => p.id).sort()).toEqual([alice.id, bob.id].sort());
  });

  it("the owner can neither remove themselves nor leave", async () => {
    expectError(
      await call(`/api/group-chats/${chatId}/participants`, {
        method: "DELETE",
        token: alice.token,
        body: { participantIds: [alice.id], participantType: "user" },
      }),
      400,
    );
    expectError(await call(`/api/group-chats/${chatId}/leave`, { token: alice.token, body: {} }), 400);
    expect((await call(`/api/chats/${chatId}`, { token: alice.token })).json.data.chatOwnerId).toBe(alice.id);
  });

  it("group-only routes refuse a private chat with 400", async () => {
    const p = await call("/api/private-chats", { token: alice.token, body: { participantId: bob.id, participantType: "user" } });
    const privateId = p.json.data.chatId;
    expectError(await call(`/api/group-chats/${privateId}`, { method: "PUT", token: alice.token, body: { name: "X" } }), 400);
    expectError(
      await call(`/api/group-chats/${privateId}/participants`, { token: alice.token, body: { participantIds: [carol.id], participantType: "user" } }),
      400,
    );
    expectError(await call(`/api/group-chats/${privateId}/leave`, { token: bob.token, body: {} }), 400);
  });
});

describe("no session: 401 everywhere", () => {
  it("every chat route", async () => {
    for (const [, method, path, body] of routes()) await expectSignedOutRefused(path, method, body);
    for (const path of ["/api/group-chats", "/api/virtual-employees"]) await expectSignedOutRefused(path);
    for (const path of ["/api/group-chats", "/api/private-chats", "/api/chat-attachments?chatId=x", "/api/group-invites/ABCDEFGH/accept"])
      await expectSignedOutRefused(path, "POST", {});
  });
});
