import { describe, expect, it } from "vitest";
import { call, expectError, expectJsonBodyChecks, expectSignedOutRefused, orgOf, signUp } from "../helpers";
import { addVire, chatList, connect, inbox, openPrivate, send, team } from "../chat-helpers";

describe("POST /api/private-chats", () => {
  it("opens a chat with a colleague once; the second call (from either side) reuses it", async () => {
    const { admin, members } = await team("Bob");
    const bob = members[0]!;
    const bobBox = await inbox(bob);
    const first = await openPrivate(admin, bob.id);
    expect(first.status).toBe(200);
    expect(first.json.data).toEqual({ chatId: expect.stringMatching(/^chat_/), existing: false, name: "Bob" });
    const again = await openPrivate(admin, bob.id);
    expect(again.json.data).toEqual({ chatId: first.json.data.chatId, existing: true, name: "Bob" });
    const fromBob = await openPrivate(bob, admin.id);
    expect(fromBob.json.data).toEqual({ chatId: first.json.data.chatId, existing: true, name: "Alice Owner" });
    // Bob learned about it on his inbox, named after Alice.
    const added = await bobBox.next((f) => f.type === "group_add");
    expect(added.chat).toMatchObject({ id: first.json.data.chatId, name: "Alice Owner", type: "private_human", chatType: "real_person", is_group: false });
    expect((await chatList(admin)).filter((c) => c.type === "private_human")).toHaveLength(1);
  });

  it("the chat list and the chat name each side after the other party; both can chat", async () => {
    const { admin, members } = await team("Bob");
    const bob = members[0]!;
    const chatId = (await openPrivate(admin, bob.id)).json.data.chatId;
    expect((await chatList(admin)).find((c) => c.id === chatId)).toMatchObject({ name: "Bob", type: "private_human" });
    expect((await chatList(bob)).find((c) => c.id === chatId)).toMatchObject({ name: "Alice Owner", type: "private_human" });
    expect((await call(`/api/chats/${chatId}`, { token: bob.token })).json.data.name).toBe("Alice Owner");
    const a = await connect(chatId, admin);
    const b = await connect(chatId, bob);
    const ack = await send(b, "hi Alice");
    expect((await a.next((f) => f.type === "message")).message).toMatchObject({ id: ack.message_id, content: "hi Alice" });
  });

  it("opens a private chat with my own virtual employee, reused the second time", async () => {
    const { admin } = await team();
    const vire = await addVire(admin, "Vera Vire");
    const r = await openPrivate(admin, vire, "virtual_employee");
    expect(r.json.data).toEqual({ chatId: expect.any(String), existing: false, name: "Vera Vire" });
    expect((await openPrivate(admin, vire, "virtual_employee")).json.data).toMatchObject({ chatId: r.json.data.chatId, existing: true });
    const item = (await chatList(admin)).find((c) => c.id === r.json.data.chatId);
    expect(item).toMatchObject({ name: "Vera Vire", type: "private_virtual", chatType: "virtual_employee", has_agent: true });
    expect(item.participants.find((p: any) => p.id === vire)).toMatchObject({ isAI: true, type: "virtual_employee" });
    const list = await call("/api/virtual-employees", { token: admin.token });
    expect(list.json.data.virtualEmployees).toEqual([expect.objectContaining({ id: vire, name: "Vera Vire" })]);
  });

  it("a chat with a person and one with a VIRE of the same id space stay separate", async () => {
    const { admin, members } = await team("Bob");
    const vire = await addVire(admin);
    const human = (await openPrivate(admin, members[0]!.id)).json.data.chatId;
    const agent = (await openPrivate(admin, vire, "virtual_employee")).json.data.chatId;
    expect(human).not.toBe(agent);
  });

  it("refuses myself (400), people outside my current organization (403), someone else's VIRE (404)", async () => {
    const { admin, members } = await team("Bob");
    expectError(await openPrivate(admin, admin.id), 400, "You cannot start a chat with yourself");
    const outsider = await signUp("Olga Outsider");
    expectError(await openPrivate(admin, outsider.id), 403, "You can only chat with members of your current organization");
    expectError(await openPrivate(outsider, admin.id), 403, "You can only chat with members of your current organization");
    expectError(await openPrivate(admin, "no-such-user"), 403, "You can only chat with members of your current organization");
    expectError(await openPrivate(admin, await addVire(members[0]!), "virtual_employee"), 404);
    expect(await chatList(admin)).toEqual([]);
    expect(await chatList(outsider)).toEqual([]);
  });

  it("refuses naming an organization other than my current one", async () => {
    const { admin, members } = await team("Bob");
    const outsider = await signUp("Olga Outsider");
    const r = await call("/api/private-chats", {
      token: admin.token,
      body: { participantId: members[0]!.id, participantType: "user", organizationId: await orgOf(outsider) },
    });
    expectError(r, 403, "You can only chat with members of your current organization");
    const ok = await call("/api/private-chats", {
      token: admin.token,
      body: { participantId: members[0]!.id, participantType: "user", organizationId: await orgOf(admin) },
    });
    expect(ok.status).toBe(200);
  });

  it("after switching to another organization, its members are the only ones I can open a chat with", async () => {
    const { admin, members } = await team("Bob");
    const bob = members[0]!;
    const orgs = (await call("/api/user/all-organizations", { token: bob.token })).json.data.organizations;
    const bobsOwn = orgs.find((o: any) => o.organizationType === "own").id;
    expect((await call("/api/user/update-organization", { token: bob.token, body: { organizationId: bobsOwn } })).status).toBe(200);
    expectError(await openPrivate(bob, admin.id), 403, "You can only chat with members of your current organization");
    expect((await openPrivate(admin, bob.id)).status).toBe(200);
  });

  it("bad bodies are 400/415, no session 401", async () => {
    const { admin, members } = await team("Bob");
    expectError(await call("/api/private-chats", { token: admin.token, body: { participantId: members[0]!.id, participantType: "robot" } }), 400);
    expectError(await call("/api/private-chats", { token: admin.token, body: { participantType: "user" } }), 400);
    await expectJsonBodyChecks("/api/private-chats", "POST", admin.token, { participantId: members[0]!.id, participantType: "user" });
    await expectSignedOutRefused("/api/private-chats", "POST", { participantId: members[0]!.id, participantType: "user" });
  });
});
