import { createExecutionContext, createMessageBatch, env, getQueueResult, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { call, expectError, type TestUser } from "../helpers";
import {
  ackOf,
  chatList,
  connect,
  createGroup,
  flushMirror,
  inbox,
  mirrorCount,
  room,
  send,
  sendAll,
  settle,
  team,
  unreadOf,
  waitUntil,
  wholeHistory,
} from "../chat-helpers";
import { chatMessage, messageId } from "../socket-helpers";
import { found, messageHits, shard } from "../search/search-helpers";
import { MIRROR_BACKSTOP_MS } from "../../../worker/rooms/chat-room/outbox";

const handler: ExportedHandler<Cloudflare.Env> = worker;
let n = 0;

/** Delivers job bodies to the Worker's queue handler as one batch. */
async function deliver(...bodies: unknown[]) {
  const batch = createMessageBatch(
    "teamchat-jobs",
    bodies.map((body) => ({ id: `job-${++n}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await handler.queue!(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

function mirrorJob(
  chatId: string,
  orgId: string,
  items: { id: string; seq: number; chatType?: number; senderId: string | null; senderType?: string; content: string; visibleTo?: string | null }[],
) {
  return {
    type: "mirror_messages",
    chatId,
    orgId,
    messages: items.map((m) => ({ chatType: 0, senderType: "user", visibleTo: null, senderName: "Someone", createdAt: Date.now(), ...m })),
  };
}

async function groupOfTwo() {
  const { admin, members, orgId } = await team("Bob");
  const bob = members[0]!;
  return { alice: admin, bob, orgId, chatId: await createGroup(admin, [bob]) };
}

const markRead = (u: TestUser, chatId: string, is_agent_msg?: 0 | 1) =>
  call("/api/unread-messages/mark-read", { token: u.token, body: { chatId, ...(is_agent_msg === undefined ? {} : { is_agent_msg }) } });

describe("the message mirror", () => {
  it("records every message once, searchable in its organization's shard, raising the other member's counters only", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    const box = await inbox(bob);
    const a = await connect(chatId, alice);
    await sendAll(a, ["first hello", "the quarterly zebra report", "third"]);
    await send(a, "please check the build", 1);
    await flushMirror(chatId, 4);
    await settle(1200);
    expect(await mirrorCount(chatId)).toBe(4);
    const rows = await env.DB.prepare("SELECT seq FROM message_mirror WHERE chat_id = ? ORDER BY seq").bind(chatId).all();
    expect(rows.results.map((r: any) => r.seq)).toEqual([1, 2, 3, 4]);
    const hits = (await found(bob, { query: "zebra", type: "messages" })).messages;
    expect(hits.map((r: any) => [r.content, r.metadata.chatType])).toEqual([["the quarterly zebra report", 0]]);

    expect(await unreadOf(chatId, bob.id)).toEqual({ human: 3, agent: 1 });
    expect(await unreadOf(chatId, alice.id)).toEqual({ human: 0, agent: 0 });

    const item = (await chatList(bob)).find((c) => c.id === chatId);
    expect(item).toMatchObject({ lastMessage: "please check the build", unread: { total: 4, agent: 1, human: 3 } });
    expect(item.lastMessageAt).toEqual(expect.any(String));
    const mine = (await chatList(alice)).find((c) => c.id === chatId);
    expect(mine.unread).toMatchObject({ total: 0, agent: 0, human: 0 });

    const note = await box.next((f) => f.type === "has_unread_msg" && f.chatId === chatId && f.unread.total === 4, 5000);
    expect(note).toMatchObject({ unread: { agent: 1, human: 3 }, lastMessage: "please check the build", senderName: "Alice Owner" });
  });

  it("a busy room mirrors on its own within about a second, with its alarm left as a backstop seconds away (no alarm write per flush)", async () => {
    const { alice, chatId } = await groupOfTwo();
    const a = await connect(chatId, alice);
    const sentAt = Date.now();
    await sendAll(a, ["one", "two"]);
    // The alarm waiting behind the messages is the backstop (ten seconds), not a flush half a second away.
    const alarmAt = await runInDurableObject(room(chatId), (_obj, state) => state.storage.getAlarm());
    expect(alarmAt! - sentAt).toBeGreaterThan(5000);
    expect(alarmAt! - sentAt).toBeLessThanOrEqual(MIRROR_BACKSTOP_MS + 2000);
    // Nobody runs the alarm here: the room's own timer sends the batch.
    await waitUntil(async () => (await mirrorCount(chatId)) === 2, "the timer's flush", 5000);
    expect(Date.now() - sentAt).toBeLessThan(4000);
  });

  it("a message sent after the backstop rang sets a new one, though the flush timer of the messages before it still runs", async () => {
    const { alice, chatId } = await groupOfTwo();
    const a = await connect(chatId, alice);
    await sendAll(a, ["one"]);
    // The backstop rings early (an evicted room's would): it flushes, and leaves only the minute's session check.
    expect(await runDurableObjectAlarm(room(chatId))).toBe(true);
    const sentAt = Date.now();
    await sendAll(a, ["two"]);
    const alarmAt = await runInDurableObject(room(chatId), (_obj, state) => state.storage.getAlarm());
    expect(alarmAt! - sentAt).toBeLessThanOrEqual(MIRROR_BACKSTOP_MS + 2000);
    await waitUntil(async () => (await mirrorCount(chatId)) === 2, "both messages mirrored", 5000);
  });

  it("mark-read zeroes the agent part (the default) or the human part and returns the counts", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    const a = await connect(chatId, alice);
    await sendAll(a, ["h1", "h2"]);
    await sendAll(a, ["a1", "a2", "a3"], 1);
    await flushMirror(chatId, 5);
    await waitUntil(async () => (await unreadOf(chatId, bob.id)).agent === 3, "counters");
    const r1 = await markRead(bob, chatId);
    expect(r1.status).toBe(200);
    expect(r1.json.data.unread).toMatchObject({ total: 2, agent: 0, human: 2, lastReadAt: expect.any(String) });
    const r2 = await markRead(bob, chatId, 0);
    expect(r2.json.data.unread).toMatchObject({ total: 0, agent: 0, human: 0 });
    expect((await chatList(bob)).find((c) => c.id === chatId).unread).toMatchObject({ total: 0, agent: 0, human: 0 });
    // Only the caller's counters change.
    await send(a, "again");
    await flushMirror(chatId, 6);
    await waitUntil(async () => (await unreadOf(chatId, bob.id)).human === 1, "new unread");
    expect((await markRead(alice, chatId, 0)).json.data.unread).toMatchObject({ total: 0 });
    expect(await unreadOf(chatId, bob.id)).toEqual({ human: 1, agent: 0 });
  });

  it("mark-read: non-members 404, bad bodies 400", async () => {
    const { bob, chatId } = await groupOfTwo();
    const { admin: stranger } = await team();
    expectError(await markRead(stranger, chatId), 404);
    expectError(await call("/api/unread-messages/mark-read", { token: bob.token, body: { chatId, is_agent_msg: 2 } }), 400);
    expectError(await call("/api/unread-messages/mark-read", { token: bob.token, body: {} }), 400);
  });

  it("ask-only messages raise nobody's counters and never become the chat's last message for others", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    const box = await inbox(bob);
    const a = await connect(chatId, alice);
    await send(a, "public line");
    await send(a, "my secret ask-only question", 2);
    await flushMirror(chatId, 2);
    await settle(1200);
    expect(await unreadOf(chatId, bob.id)).toEqual({ human: 1, agent: 0 });
    expect(await unreadOf(chatId, alice.id)).toEqual({ human: 0, agent: 0 });
    expect((await chatList(bob)).find((c) => c.id === chatId).lastMessage).toBe("public line");
    // Bob's tabs are told about the new public line, and nothing of Alice's private question.
    expect(box.frames.filter((f) => f.type === "has_unread_msg").length).toBeGreaterThan(0);
    expect(JSON.stringify(box.frames)).not.toContain("secret");
  });

  it("a batch ending with an ask-only message does not show that message in other members' unread notice", async () => {
    const { alice, bob, chatId, orgId } = await groupOfTwo();
    const box = await inbox(bob);
    const mine = await inbox(alice);
    // The room flushes whatever accumulated in 200 ms as one job: here a public line, then Alice's private question.
    await deliver(
      mirrorJob(chatId, orgId, [
        { id: "msg_batch_public", seq: 1, senderId: alice.id, content: "public line" },
        { id: "msg_batch_secret", seq: 2, senderId: alice.id, chatType: 2, visibleTo: alice.id, content: "my secret ask-only question" },
      ]),
    );
    const note = await box.next((f) => f.type === "has_unread_msg" && f.chatId === chatId);
    expect(note.unread).toMatchObject({ human: 1, agent: 0 });
    expect(note.lastMessage).toBe("public line");
    expect(JSON.stringify(box.frames)).not.toContain("secret");
    await mine.next((f) => f.type === "has_unread_msg" && f.chatId === chatId);
  });

  it("is idempotent: the same job delivered twice (and twice in one batch) mirrors and counts once", async () => {
    const { alice, bob, chatId, orgId } = await groupOfTwo();
    const job = mirrorJob(chatId, orgId, [
      { id: "msg_mirror_dup_1", seq: 1, senderId: alice.id, content: "duplicated delivery" },
      { id: "msg_mirror_dup_2", seq: 2, senderId: alice.id, chatType: 1, content: "agent side" },
    ]);
    const r1 = await deliver(job, job);
    expect(r1.retryMessages).toEqual([]);
    const r2 = await deliver(job);
    expect(r2.explicitAcks).toHaveLength(1);
    expect(await mirrorCount(chatId)).toBe(2);
    expect(await unreadOf(chatId, bob.id)).toEqual({ human: 1, agent: 1 });
    expect((await found(bob, { query: "duplicated", type: "messages" })).messages.map((m: any) => m.id)).toEqual(["msg_mirror_dup_1"]);
    expect((await shard(orgId).status()).messages).toBe(2);
  });

  it("a redelivered job indexes what the shard lacks (D1 recorded it, the shard call failed) without counting it again", async () => {
    const { alice, bob, chatId, orgId } = await groupOfTwo();
    const job = mirrorJob(chatId, orgId, [{ id: "msg_shard_lost_1", seq: 1, senderId: alice.id, content: "the narwhal memo" }]);
    await deliver(job);
    // As if the shard call after D1's batch had failed: D1 has the message, the shard does not.
    await runInDurableObject(shard(orgId), (_obj, state) => {
      state.storage.sql.exec("DELETE FROM message");
      state.storage.sql.exec("INSERT INTO message_fts (message_fts) VALUES ('delete-all')");
    });
    expect((await shard(orgId).status()).messages).toBe(0);
    expect((await deliver(job)).retryMessages).toEqual([]);
    expect((await shard(orgId).status()).messages).toBe(1);
    expect((await found(bob, { query: "narwhal", type: "messages" })).messages.map((m: any) => m.id)).toEqual(["msg_shard_lost_1"]);
    expect(await mirrorCount(chatId)).toBe(1);
    expect(await unreadOf(chatId, bob.id)).toEqual({ human: 1, agent: 0 });
  });

  it("one batch with several rooms' jobs, in two organizations, mirrors each room into its own organization's shard", async () => {
    const one = await groupOfTwo();
    const two = await groupOfTwo();
    const r = await deliver(
      mirrorJob(one.chatId, one.orgId, [{ id: "msg_multi_a1", seq: 1, senderId: one.alice.id, content: "walrus one" }]),
      mirrorJob(two.chatId, two.orgId, [
        { id: "msg_multi_b1", seq: 1, senderId: two.alice.id, content: "walrus two" },
        { id: "msg_multi_b2", seq: 2, senderId: two.bob.id, content: "walrus three" },
      ]),
      mirrorJob(one.chatId, one.orgId, [{ id: "msg_multi_a2", seq: 2, senderId: one.alice.id, content: "walrus four" }]),
    );
    expect(r.explicitAcks).toHaveLength(3);
    expect([await mirrorCount(one.chatId), await mirrorCount(two.chatId)]).toEqual([2, 2]);
    expect(await unreadOf(one.chatId, one.bob.id)).toEqual({ human: 2, agent: 0 });
    expect(await unreadOf(two.chatId, two.bob.id)).toEqual({ human: 1, agent: 0 });
    expect(await unreadOf(two.chatId, two.alice.id)).toEqual({ human: 1, agent: 0 });
    expect((await found(one.bob, { query: "walrus", type: "messages" })).messages.map((m: any) => m.id)).toEqual(["msg_multi_a2", "msg_multi_a1"]);
    expect((await found(two.alice, { query: "walrus", type: "messages" })).messages.map((m: any) => m.id)).toEqual(["msg_multi_b2", "msg_multi_b1"]);
    expect([(await shard(one.orgId).status()).messages, (await shard(two.orgId).status()).messages]).toEqual([2, 2]);
    expect((await chatList(one.bob)).find((c) => c.id === one.chatId).lastMessage).toBe("walrus four");
  });

  it("a message from a virtual employee counts as an agent message, also in the discussion stream", async () => {
    const { alice, bob, chatId, orgId } = await groupOfTwo();
    await deliver(mirrorJob(chatId, orgId, [{ id: "msg_from_vire_1", seq: 1, senderId: "vire_x", senderType: "virtual_employee", content: "I am the agent" }]));
    expect(await unreadOf(chatId, bob.id)).toEqual({ human: 0, agent: 1 });
    expect(await unreadOf(chatId, alice.id)).toEqual({ human: 0, agent: 1 });
  });

  it("an older job arriving late does not replace a newer last message", async () => {
    const { alice, bob, chatId, orgId } = await groupOfTwo();
    await deliver(mirrorJob(chatId, orgId, [{ id: "msg_order_new", seq: 5, senderId: alice.id, content: "newest" }]));
    await deliver(mirrorJob(chatId, orgId, [{ id: "msg_order_old", seq: 3, senderId: alice.id, content: "older" }]));
    expect((await chatList(bob)).find((c) => c.id === chatId).lastMessage).toBe("newest");
  });

  it("a job for a dissolved chat is acked and writes nothing", async () => {
    const { alice, chatId, orgId } = await groupOfTwo();
    expect((await call(`/api/group-chats/${chatId}`, { method: "DELETE", token: alice.token })).status).toBe(200);
    const r = await deliver(mirrorJob(chatId, orgId, [{ id: "msg_gone_1", seq: 1, senderId: alice.id, content: "too late" }]));
    expect(r.explicitAcks).toHaveLength(1);
    expect(await mirrorCount(chatId)).toBe(0);
    expect((await shard(orgId).status()).messages).toBe(0);
  });

  it("an agent's step card reads as its own line in the chat list and the unread notice, and search never finds it", async () => {
    const { bob, chatId } = await groupOfTwo();
    const box = await inbox(bob);
    const card = {
      update_type: "tool_execution_result",
      content: { display_to_user: "run_command npm test — awaiting approval", details: { tool: "run_command", args: "npm test", status: "awaiting_approval" } },
    };
    const sender = { id: "vire_cards", name: "Coder", image: null, type: "virtual_employee" as const };
    // Appended the way the room's agent run inserts its cards (AppendRequest does not list the type).
    await room(chatId).append({ id: "msg_card_1", sender, chatType: 0, messageType: "status_update" as "chat", content: JSON.stringify(card) });
    await flushMirror(chatId, 1);
    expect((await chatList(bob)).find((c) => c.id === chatId).lastMessage).toBe("run_command npm test — awaiting approval");
    const note = await box.next((f) => f.type === "has_unread_msg" && f.chatId === chatId, 5000);
    expect(note.lastMessage).toBe("run_command npm test — awaiting approval");
    for (const query of ["approval", "execution", "display_to_user"]) expect(await messageHits(bob, query), query).toEqual([]);
  });

  it("a forwarded history reads as its forwarded lines in the chat list and is found by them, not by its JSON", async () => {
    const { alice, bob, chatId } = await groupOfTwo();
    const source = await createGroup(alice, [bob], [], "Source");
    const [ack] = await sendAll(await connect(source, alice), ["the walrus migration plan"]);
    const r = await call("/api/forward-messages", {
      token: alice.token,
      body: { messageIds: [ack.message_id], recipients: [{ id: chatId, type: "group" }], messageType: "group", sourceChatId: source },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    await flushMirror(chatId, 1);
    expect((await chatList(bob)).find((c) => c.id === chatId).lastMessage).toBe("Alice Owner: the walrus migration plan");
    const hits = (await found(bob, { query: "walrus", type: "messages" })).messages.filter((m: any) => m.chatId === chatId);
    expect(hits.map((m: any) => m.content)).toEqual(["Alice Owner: the walrus migration plan"]);
    for (const query of ["messageCount", "triggerAttachments"]) expect(await messageHits(bob, query), query).toEqual([]);

    // A reply to it quotes those lines too.
    const b = await connect(chatId, bob);
    const target = (await wholeHistory(bob, chatId)).find((m: any) => m.messageType === "merged_forward");
    const reply = chatMessage("agreed", 0, messageId(), { reply_to_message_id: target.id });
    b.send(reply);
    await b.next(ackOf(reply.message_id));
    const stored = (await wholeHistory(bob, chatId)).find((m: any) => m.id === reply.message_id);
    expect(stored.replyToMessage).toEqual({ id: target.id, content: "Alice Owner: the walrus migration plan", senderName: "Alice Owner" });
  });
});
