import { describe, expect, it } from "vitest";
import { call, expectError, expectJsonBodyChecks, signUp, type TestUser } from "../helpers";
import { addVire, chatList, connect, createGroup, inbox, openPrivate, send, sendAll, team, wholeHistory } from "../chat-helpers";

const forward = (u: TestUser, body: unknown) => call("/api/forward-messages", { token: u.token, body });

/** Alice and Bob chat in a source group; Carol and Dave are colleagues; Alice has a VIRE. */
async function setup() {
  const { admin: alice, members } = await team("Bob", "Carol", "Dave");
  const [bob, carol, dave] = members as [TestUser, TestUser, TestUser];
  const source = await createGroup(alice, [bob], [], "Source");
  const a = await connect(source, alice);
  const b = await connect(source, bob);
  const ids = [(await send(a, "first point")).message_id, (await send(b, "second point, from Bob")).message_id, (await send(a, "third point")).message_id];
  return { alice, bob, carol, dave, source, a, b, ids };
}

describe("POST /api/forward-messages", () => {
  it("puts one merged_forward message into each recipient chat: a group and a new private chat", async () => {
    const { alice, carol, dave, source, ids } = await setup();
    const target = await createGroup(alice, [carol], [], "Target");
    const daveBox = await inbox(dave);
    const t = await connect(target, carol);
    // Selected out of order: the forward keeps the conversation order.
    const r = await forward(alice, {
      messageIds: [ids[2], ids[0], ids[1]],
      recipients: [
        { id: target, type: "group" },
        { id: dave.id, type: "individual" },
      ],
      messageType: "group",
      sourceChatId: source,
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ success: true, forwarded: 2 });
    const [groupId, privateId] = r.json.data.chatIds;
    expect(groupId).toBe(target);
    expect((await daveBox.next((f) => f.type === "group_add")).chat).toMatchObject({ id: privateId, name: "Alice Owner", type: "private_human" });
    expect((await chatList(dave)).map((c) => c.id)).toContain(privateId);

    const live = await t.next((f) => f.type === "message");
    expect(live.message).toMatchObject({ messageType: "merged_forward", chat_type: 0, sender: { id: alice.id } });
    for (const [chatId, viewer] of [
      [target, carol],
      [privateId, dave],
    ] as const) {
      const all = await wholeHistory(viewer, chatId);
      expect(all).toHaveLength(1);
      expect(all[0]).toMatchObject({ messageType: "merged_forward", sender: { id: alice.id, name: "Alice Owner" } });
      const content = JSON.parse(all[0].content);
      expect(content).toMatchObject({ type: "merged_forward", messageCount: 3, totalOriginalMessages: 3, triggerAttachments: [] });
      expect(content.messages.map((m: any) => [m.id, m.content, m.senderName])).toEqual([
        [ids[0], "first point", "Alice Owner"],
        [ids[1], "second point, from Bob", "Bob"],
        [ids[2], "third point", "Alice Owner"],
      ]);
      expect(content.preview.map((m: any) => m.id)).toEqual(ids);
      expect(content.messages[0].timestamp).toEqual(expect.any(String));
    }
    // Forwarding again to Dave reuses the private chat.
    const again = await forward(alice, { messageIds: [ids[0]], recipients: [{ id: dave.id, type: "user" }], messageType: "private", sourceChatId: source });
    expect(again.json.data.chatIds).toEqual([privateId]);
    expect(await wholeHistory(dave, privateId)).toHaveLength(2);
  });

  it("to my virtual employee it goes into the agent stream of our private chat; previews are cut to 50 characters", async () => {
    const { alice, source, a } = await setup();
    const vire = await addVire(alice, "Vera");
    const long = (await send(a, "L".repeat(120))).message_id;
    const r = await forward(alice, { messageIds: [long], recipients: [{ id: vire, type: "virtual_employee" }], messageType: "private", sourceChatId: source });
    expect(r.status).toBe(200);
    const chatId = r.json.data.chatIds[0];
    expect((await openPrivate(alice, vire, "virtual_employee")).json.data).toMatchObject({ chatId, existing: true });
    const [m] = await wholeHistory(alice, chatId);
    expect(m).toMatchObject({ chat_type: 1, messageType: "merged_forward" });
    const content = JSON.parse(m.content);
    expect(content.preview[0].content).toBe("L".repeat(50));
    expect(content.messages[0].content).toBe("L".repeat(120));
  });

  it("keeps the most recent messages within 102400 bytes", async () => {
    const { alice, bob, source, a } = await setup();
    const acks = await sendAll(
      a,
      Array.from({ length: 7 }, (_, i) => `${i}`.repeat(19_000)),
    );
    const picked = acks.map((x) => x.message_id);
    const r = await forward(alice, { messageIds: picked, recipients: [{ id: bob.id, type: "individual" }], messageType: "private", sourceChatId: source });
    expect(r.status).toBe(200);
    const [m] = await wholeHistory(bob, r.json.data.chatIds[0]);
    const content = JSON.parse(m.content);
    expect(content.totalOriginalMessages).toBe(7);
    expect(content.messageCount).toBe(content.messages.length);
    expect(content.messages.length).toBeGreaterThan(0);
    expect(content.messages.length).toBeLessThan(7);
    expect(content.messages.map((x: any) => x.id)).toEqual(picked.slice(7 - content.messages.length));
    expect(new TextEncoder().encode(content.messages.map((x: any) => JSON.stringify(x)).join("")).length).toBeLessThanOrEqual(102_400);
    // One more message would not have fitted.
    expect(content.messages.length).toBe(5);
  });

  it("refuses messages the forwarder cannot see with 404 and forwards nothing", async () => {
    const { alice, bob, carol, source, b, ids } = await setup();
    const bobsQuestion = (await send(b, "Bob's private ask-only question", 2)).message_id;
    const to = [{ id: carol.id, type: "individual" }];
    expectError(await forward(alice, { messageIds: [ids[0], bobsQuestion], recipients: to, messageType: "private", sourceChatId: source }), 404);
    expectError(await forward(alice, { messageIds: ["msg_never_sent"], recipients: to, messageType: "private", sourceChatId: source }), 404);
    // Carol is not in the source chat.
    expectError(
      await forward(carol, { messageIds: [ids[0]], recipients: [{ id: alice.id, type: "individual" }], messageType: "private", sourceChatId: source }),
      404,
    );
    // A group recipient the forwarder is not in.
    const bobsGroup = await createGroup(bob, [carol], [], "Bob and Carol");
    expectError(
      await forward(alice, { messageIds: [ids[0]], recipients: [{ id: bobsGroup, type: "group" }], messageType: "group", sourceChatId: source }),
      404,
    );
    expect(await wholeHistory(carol, bobsGroup)).toEqual([]);
    expect((await chatList(carol)).map((c) => c.name)).toEqual(["Bob and Carol"]);
  });

  it("refuses recipients of other organizations with 403", async () => {
    const { alice, source, ids } = await setup();
    const outsider = await signUp("Olga Outsider");
    const r = await forward(alice, {
      messageIds: [ids[0]],
      recipients: [{ id: outsider.id, type: "individual" }],
      messageType: "private",
      sourceChatId: source,
    });
    expectError(r, 403, "You can only chat with members of your current organization");
    expect(await chatList(outsider)).toEqual([]);
  });

  it("a refused recipient means nothing is forwarded and no chat is opened for the others", async () => {
    const { alice, dave, source, ids } = await setup();
    const outsider = await signUp("Olga Outsider");
    const r = await forward(alice, {
      messageIds: [ids[0]],
      recipients: [
        { id: dave.id, type: "individual" },
        { id: outsider.id, type: "individual" },
      ],
      messageType: "private",
      sourceChatId: source,
    });
    expect(r.status).toBe(403);
    // Dave gets neither a message nor an empty new chat with Alice in his sidebar.
    expect((await chatList(dave)).filter((c) => c.type === "private_human")).toEqual([]);
  });

  it("refuses bad bodies with 400", async () => {
    const { alice, bob, source, ids } = await setup();
    const ok = { messageIds: [ids[0]], recipients: [{ id: bob.id, type: "individual" }], messageType: "private", sourceChatId: source };
    expectError(await forward(alice, { ...ok, sourceChatId: undefined }), 400, "Chat ID not found, cannot forward message");
    expectError(await forward(alice, { ...ok, messageIds: [] }), 400, "Please select messages to forward");
    expectError(await forward(alice, { ...ok, recipients: [] }), 400, "Please select at least one recipient");
    expectError(await forward(alice, { ...ok, recipients: [{ id: bob.id, type: "robot" }] }), 400);
    expectError(await forward(alice, { ...ok, messageType: "broadcast" }), 400);
    expectError(await forward(alice, { ...ok, messageIds: "msg_x" }), 400);
    expectError(await forward(alice, { ...ok, messageIds: Array.from({ length: 201 }, (_, i) => `msg_${i}`) }), 400);
    expectError(await forward(alice, { ...ok, recipients: [{ id: alice.id, type: "individual" }] }), 400, "You cannot start a chat with yourself");
    await expectJsonBodyChecks("/api/forward-messages", "POST", alice.token, ok);
    expect((await chatList(bob)).filter((c) => c.type === "private_human")).toEqual([]);
  });
});
