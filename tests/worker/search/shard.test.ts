import { createExecutionContext, createMessageBatch, env, getQueueResult, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../worker/index";
import { call, expectError } from "../helpers";
import { createGroup, team } from "../chat-helpers";
import { drainShard, found, messageHits, post, shard } from "./search-helpers";

const handler: ExportedHandler<Cloudflare.Env> = worker;
let jobs = 0;

/** Hands job bodies to the Worker's queue consumer as one batch, as the queue does. */
async function deliver(...bodies: unknown[]) {
  const batch = createMessageBatch(
    "teamchat-jobs",
    bodies.map((body) => ({ id: `search-job-${++jobs}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await handler.queue!(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

const item = (id: string, seq: number, content: string, createdAt = Date.now()) => ({
  id,
  seq,
  chatType: 0,
  visibleTo: null,
  senderId: null,
  senderType: "user",
  senderName: "Someone",
  content,
  createdAt,
});

describe("feeding the shard", () => {
  it("a redelivered mirror job indexes nothing twice", async () => {
    const { admin: alice, members, orgId } = await team("Bob");
    const chatId = await createGroup(alice, [members[0]!]);
    const job = { type: "mirror_messages", chatId, orgId, messages: [item("msg_shard_dup_1", 1, "oyster once"), item("msg_shard_dup_2", 2, "oyster twice")] };
    expect((await deliver(job, job)).retryMessages).toEqual([]);
    expect((await deliver(job)).retryMessages).toEqual([]);
    expect(await messageHits(alice, "oyster")).toEqual(["msg_shard_dup_2", "msg_shard_dup_1"]);
    expect((await shard(orgId).status()).messages).toBe(2);
    // The shard on its own is idempotent too (a retry after D1 failed reaches it again).
    expect(await shard(orgId).index([{ ...item("msg_shard_dup_1", 1, "oyster once"), chatId }])).toBe(0);
  });

  it("orders by when a message was sent, not when it reached the shard", async () => {
    const { admin: alice, members, orgId } = await team("Bob");
    const chatId = await createGroup(alice, [members[0]!]);
    const t = Date.now();
    // A late job with older messages arrives after a newer one.
    await deliver({ type: "mirror_messages", chatId, orgId, messages: [item("msg_order_c", 3, "pelican third", t + 2)] });
    await deliver({
      type: "mirror_messages",
      chatId,
      orgId,
      messages: [item("msg_order_a", 1, "pelican first", t), item("msg_order_b", 2, "pelican second", t)],
    });
    expect(await messageHits(alice, "pelican")).toEqual(["msg_order_c", "msg_order_b", "msg_order_a"]);
  });

  it("every message of a batch gets a place of its own: many in one millisecond, past its 1,024 slots, and across batches", async () => {
    const { admin: alice, members, orgId } = await team("Bob");
    const chatId = await createGroup(alice, [members[0]!]);
    const t = Date.UTC(2026, 11, 7, 9, 0, 0);
    const at = (id: string, content: string, createdAt: number) => ({ ...item(id, 1, content, createdAt), chatId });
    // Long enough that the batch's rows travel to SQLite in more than one statement.
    const filler = Array.from({ length: 1030 }, (_, i) => at(`msg_ms_fill_${i}`, `walrus ${i} ${"filler ".repeat(40)}`, t));
    const first = [...filler, at("msg_ms_next", "walrus late", t + 1), filler[0]!];
    expect(await shard(orgId).index(first)).toBe(1031);
    expect(await shard(orgId).index([at("msg_ms_over", "narwhal overflow", t), at("msg_ms_after", "narwhal after", t + 1)])).toBe(2);
    expect(await shard(orgId).index(first)).toBe(0);
    expect((await shard(orgId).status()).messages).toBe(1033);
    expect(await messageHits(alice, "late")).toEqual(["msg_ms_next"]);
    expect((await messageHits(alice, "narwhal")).sort()).toEqual(["msg_ms_after", "msg_ms_over"]);
    expect(await messageHits(alice, "1029")).toEqual(["msg_ms_fill_1029"]);
  });

  it("a dissolved chat's messages are purged in batches, and a late job never brings them back", async () => {
    const { admin: alice, members, orgId } = await team("Bob");
    const chatId = await createGroup(alice, [members[0]!]);
    const keep = await createGroup(alice, [members[0]!], [], "Kept");
    await post(keep, alice, ["heron stays"]);
    // More than one purge step (5000 rows) of messages, written straight into the shard.
    const many = Array.from({ length: 5100 }, (_, i) => ({ ...item(`msg_bulk_${i}`, i + 1, `heron number ${i}`), chatId }));
    for (let i = 0; i < many.length; i += 1000) await shard(orgId).index(many.slice(i, i + 1000));
    expect((await shard(orgId).status()).messages).toBe(5101);
    expect((await call(`/api/group-chats/${chatId}`, { method: "DELETE", token: alice.token })).status).toBe(200);
    // Gone from search at once; the rest of the rows go with the alarm.
    expect(await messageHits(alice, "heron")).toHaveLength(1);
    await runDurableObjectAlarm(shard(orgId));
    expect((await shard(orgId).status()).messages).toBe(1);
    // A queue job (or rebuild page) for the dissolved chat that comes late adds nothing.
    expect(await shard(orgId).index([{ ...item("msg_bulk_late", 9999, "heron late"), chatId }])).toBe(0);
    expect((await shard(orgId).status()).messages).toBe(1);
  }, 60_000);
});

describe("rebuilding an organization's shard from its rooms", () => {
  it("an administrator rebuilds it; the same searches find the same messages, in the same order", async () => {
    const { admin: alice, members, orgId } = await team("Bob", "Carol");
    const [bob, carol] = members as [any, any];
    const first = await createGroup(alice, [bob, carol], [], "First");
    const second = await createGroup(alice, [bob], [], "Second");
    await post(first, alice, ["narwhal one", "narwhal two 部署"]);
    await post(second, bob, ["narwhal three"]);
    await post(first, carol, ["narwhal carol asks alone"], 2);
    const before = { alice: await messageHits(alice, "narwhal"), carol: await messageHits(carol, "narwhal"), zh: await messageHits(bob, "部署") };
    expect(before.alice).toHaveLength(3);
    expect(before.carol).toHaveLength(3);

    // Wiped, as after losing the shard's storage or deploying the D1 migration that dropped the text.
    await shard(orgId).rebuild([]);
    expect(await messageHits(alice, "narwhal")).toEqual([]);

    const r = await call("/api/search/rebuild", { token: alice.token, body: { organizationId: orgId } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({ chats: 2 });
    await drainShard(orgId);
    expect(await messageHits(alice, "narwhal")).toEqual(before.alice);
    expect(await messageHits(carol, "narwhal")).toEqual(before.carol);
    expect(await messageHits(bob, "部署")).toEqual(before.zh);
    const marked = (await found(alice, { query: "narwhal", type: "messages" })).messages.map((m: any) => m.highlightedContent);
    expect(marked.every((html: string) => html.includes("<mark>narwhal</mark>"))).toBe(true);
  }, 60_000);

  it("only an administrator of that organization may rebuild it", async () => {
    const { admin: alice, members, orgId } = await team("Bob");
    const { admin: outsider } = await team();
    expectError(await call("/api/search/rebuild", { token: members[0]!.token, body: { organizationId: orgId } }), 403);
    expectError(await call("/api/search/rebuild", { token: outsider.token, body: { organizationId: orgId } }), 404);
    expectError(await call("/api/search/rebuild", { token: alice.token, body: {} }), 400);
  });
});
