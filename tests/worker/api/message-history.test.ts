import { beforeAll, describe, expect, it } from "vitest";
import { expectError, expectSignedOutRefused, signUp, type TestUser } from "../helpers";
import { connect, createGroup, history, send, team } from "../chat-helpers";

/** One chat with 25 discussion, 5 agent and 3 ask-only (Alice's) messages, interleaved. */
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
let chatId: string;
const discuss: string[] = [];
const agent: string[] = [];
const ask: string[] = [];

beforeAll(async () => {
  const t = await team("Bob", "Carol");
  alice = t.admin;
  [bob, carol] = t.members as [TestUser, TestUser];
  chatId = await createGroup(alice, [bob]);
  const a = await connect(chatId, alice);
  const b = await connect(chatId, bob);
  for (let i = 0; i < 25; i += 1) {
    discuss.push((await send(i % 2 ? b : a, `discuss ${i}`, 0)).message_id);
    if (i % 5 === 4) agent.push((await send(a, `agent ${i}`, 1)).message_id);
    if (i % 8 === 0) ask.push((await send(a, `ask ${i}`, 2)).message_id);
  }
});

const ids = (r: { json: any }) => r.json.data.messages.map((m: any) => m.id);

describe("GET /api/group-chats/{chatId}/messages pages each stream with a cursor", () => {
  it("pages through the discussion stream without overlap or gaps; hasMore/nextCursor are right", async () => {
    const p1 = await history(bob, chatId, "?limit=10&chat_type=0");
    expect(p1.status).toBe(200);
    expect(ids(p1)).toEqual(discuss.slice(15));
    expect(p1.json.data.pagination).toEqual({ hasMore: true, nextCursor: String(p1.json.data.messages[0].seq) });
    const p2 = await history(bob, chatId, `?limit=10&chat_type=0&before=${p1.json.data.pagination.nextCursor}`);
    expect(ids(p2)).toEqual(discuss.slice(5, 15));
    expect(p2.json.data.pagination.hasMore).toBe(true);
    const p3 = await history(bob, chatId, `?limit=10&chat_type=0&before=${p2.json.data.pagination.nextCursor}`);
    expect(ids(p3)).toEqual(discuss.slice(0, 5));
    expect(p3.json.data.pagination).toEqual({ hasMore: false, nextCursor: null });
    // Oldest first within a page.
    const seqs = p2.json.data.messages.map((m: any) => m.seq);
    expect(seqs).toEqual([...seqs].sort((x: number, y: number) => x - y));
  });

  it("a page that ends exactly at the first message says hasMore false", async () => {
    const p = await history(bob, chatId, "?limit=25&chat_type=0");
    expect(ids(p)).toEqual(discuss);
    expect(p.json.data.pagination).toEqual({ hasMore: false, nextCursor: null });
    const p2 = await history(bob, chatId, "?limit=24&chat_type=0");
    expect(p2.json.data.pagination.hasMore).toBe(true);
  });

  it("defaults to 20 messages; the agent stream is separate and has its own cursor", async () => {
    const d = await history(bob, chatId, "?chat_type=0");
    expect(ids(d)).toEqual(discuss.slice(5));
    const a1 = await history(bob, chatId, "?chat_type=1&limit=3");
    expect(ids(a1)).toEqual(agent.slice(2));
    expect(a1.json.data.messages.every((m: any) => m.chat_type === 1 && m.messageType === "user_request")).toBe(true);
    const a2 = await history(bob, chatId, `?chat_type=1&limit=3&before=${a1.json.data.pagination.nextCursor}`);
    expect(ids(a2)).toEqual(agent.slice(0, 2));
    expect(a2.json.data.pagination).toEqual({ hasMore: false, nextCursor: null });
  });

  it("the ask-only stream is read at {chatId}_{userId}, only by that user", async () => {
    const mine = await history(alice, `${chatId}_${alice.id}`, "?chat_type=2");
    expect(ids(mine)).toEqual(ask);
    expect(mine.json.data.messages.every((m: any) => m.chat_type === 2)).toBe(true);
    const paged = await history(alice, `${chatId}_${alice.id}`, "?chat_type=2&limit=2");
    expect(ids(paged)).toEqual(ask.slice(-2));
    const rest = await history(alice, `${chatId}_${alice.id}`, `?chat_type=2&limit=2&before=${paged.json.data.pagination.nextCursor}`);
    expect(ids(rest)).toEqual(ask.slice(0, -2));
    // Bob has his own (empty) ask-only stream, cannot read Alice's, and cannot ask for stream 2 of the chat.
    expect(ids(await history(bob, `${chatId}_${bob.id}`, "?chat_type=2"))).toEqual([]);
    expectError(await history(bob, `${chatId}_${alice.id}`, "?chat_type=2"), 404);
    expectError(await history(bob, `${chatId}_${alice.id}`), 404);
    expectError(await history(bob, chatId, "?chat_type=2"), 400);
    expectError(await history(alice, chatId, "?chat_type=2"), 400);
    // Carol (same organization, not in the chat) and an outsider get nothing at all.
    expectError(await history(carol, `${chatId}_${carol.id}`, "?chat_type=2"), 404);
    const outsider = await signUp("Olga Outsider");
    expectError(await history(outsider, `${chatId}_${outsider.id}`, "?chat_type=2"), 404);
  });

  it("without chat_type every stream the viewer may see is listed, others' ask-only messages never", async () => {
    const b = await history(bob, chatId, "?limit=100");
    expect(ids(b)).toHaveLength(discuss.length + agent.length);
    expect(ids(b).some((id: string) => ask.includes(id))).toBe(false);
    const a = await history(alice, chatId, "?limit=100");
    expect(ids(a)).toHaveLength(discuss.length + agent.length + ask.length);
  });

  it("refuses bad queries with 400", async () => {
    for (const q of [
      "limit=0",
      "limit=101",
      "limit=-1",
      "limit=1.5",
      "limit=abc",
      "chat_type=5",
      "chat_type=-1",
      "chat_type=x",
      "before=abc",
      "before=-3",
      "before=1e5",
      `before=${"9".repeat(16)}`,
    ]) {
      const r = await history(bob, chatId, `?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json).toMatchObject({ code: 400, data: null, message: expect.any(String) });
    }
    expect((await history(bob, chatId, "?limit=100")).status).toBe(200);
    expect((await history(bob, chatId, "?limit=1&before=1")).json.data).toEqual({ messages: [], pagination: { hasMore: false, nextCursor: null } });
  });

  it("non-members get 404, no session 401", async () => {
    expectError(await history(carol, chatId), 404, "Chat not found");
    expectError(await history(carol, "chat_doesnotexist"), 404);
    await expectSignedOutRefused(`/api/group-chats/${chatId}/messages`);
  });
});
