import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MENTIONS_KEPT } from "../../../contract";
import { connect, createGroup, send, sendAll, team, waitUntil } from "../chat-helpers";
import { call, expectError, expectJsonBodyChecks, expectSignedOutRefused, type TestUser } from "../helpers";
import { mentionsOf, waitForMention, withPreview } from "./mention-helpers";

/** Alice mentions Bob in `texts`, in order, and waits until Bob holds all of them. */
async function mentionBob(...texts: string[]) {
  const { admin: alice, members } = await team("Bob Member");
  const bob = members[0]!;
  const chatId = await createGroup(alice, [bob]);
  const sock = await connect(chatId, alice);
  for (const text of texts) await send(sock, text);
  for (const text of texts) await waitForMention(bob, withPreview(text));
  // Alice is mentioned once too, so each side has a mention id the other must not reach.
  const bobSock = await connect(chatId, bob);
  await send(bobSock, "@Alice Owner ok");
  const aliceMention = (await waitForMention(alice, () => true)).mentions[0];
  return { alice, bob, chatId, sock, aliceMention };
}

const previews = async (u: TestUser) => (await mentionsOf(u)).mentions.map((m) => m.messagePreview);

describe("/api/mentions", () => {
  it("refuses callers without a session", async () => {
    await expectSignedOutRefused("/api/mentions");
    await expectSignedOutRefused("/api/mentions/read", "POST", {});
    await expectSignedOutRefused("/api/mentions", "DELETE");
    await expectSignedOutRefused("/api/mentions/mention_x", "DELETE");
  });

  it("lists newest first; marks one read, refuses another user's id, then marks all read", async () => {
    const { alice, bob, aliceMention } = await mentionBob("@Bob Member one", "@Bob Member two", "@Bob Member three");
    const listed = await mentionsOf(bob);
    expect(listed.mentions.map((m) => m.messagePreview)).toEqual(["@Bob Member three", "@Bob Member two", "@Bob Member one"]);
    expect(listed.unread).toBe(3);
    const [three, two] = listed.mentions;

    const one = await call("/api/mentions/read", { token: bob.token, body: { ids: [two.id] } });
    expect(one.status).toBe(200);
    expect(one.json.data.unread).toBe(2);
    expect(one.json.data.mentions.map((m: any) => m.read)).toEqual([false, true, false]);

    // Alice's mention is not Bob's to touch: not found, and nothing of Bob's changes either.
    const foreign = await call("/api/mentions/read", { token: bob.token, body: { ids: [three.id, aliceMention.id] } });
    expectError(foreign, 404, "Mention not found");
    expect((await mentionsOf(bob)).unread).toBe(2);
    expect((await mentionsOf(alice)).mentions[0]).toMatchObject({ id: aliceMention.id, read: false });

    const all = await call("/api/mentions/read", { token: bob.token, body: {} });
    expect(all.status).toBe(200);
    expect(all.json.data.unread).toBe(0);
    expect((await mentionsOf(bob)).mentions.every((m) => m.read)).toBe(true);
    // Bob reading all of his leaves Alice's unread.
    expect((await mentionsOf(alice)).unread).toBe(1);
  });

  it("marks all read with no body at all", async () => {
    const { bob } = await mentionBob("@Bob Member hi");
    const r = await call("/api/mentions/read", { token: bob.token, method: "POST" });
    expect(r.status).toBe(200);
    expect((await mentionsOf(bob)).unread).toBe(0);
  });

  it("checks the read body", async () => {
    const { bob } = await mentionBob("@Bob Member hi");
    await expectJsonBodyChecks("/api/mentions/read", "POST", bob.token, { ids: [] });
    for (const body of [{ ids: "mention_1" }, { ids: [1] }, { ids: [""] }, { ids: Array.from({ length: MENTIONS_KEPT + 1 }, (_, i) => `m${i}`) }]) {
      expectError(await call("/api/mentions/read", { token: bob.token, body }), 400);
    }
    expect((await mentionsOf(bob)).unread).toBe(1);
  });

  it("deletes one, refuses another user's or an unknown id, and clears all", async () => {
    const { alice, bob, aliceMention } = await mentionBob("@Bob Member one", "@Bob Member two");
    const [two, one] = (await mentionsOf(bob)).mentions;

    const removed = await call(`/api/mentions/${two.id}`, { token: bob.token, method: "DELETE" });
    expect(removed.status).toBe(200);
    expect(removed.json.data).toEqual({ mentions: [one], unread: 1 });
    expectError(await call(`/api/mentions/${two.id}`, { token: bob.token, method: "DELETE" }), 404, "Mention not found");
    expectError(await call(`/api/mentions/${aliceMention.id}`, { token: bob.token, method: "DELETE" }), 404, "Mention not found");
    expect((await mentionsOf(alice)).mentions.map((m) => m.id)).toEqual([aliceMention.id]);

    const cleared = await call("/api/mentions", { token: bob.token, method: "DELETE" });
    expect(cleared.status).toBe(200);
    expect(cleared.json.data).toEqual({ mentions: [], unread: 0 });
    expect(await mentionsOf(bob)).toEqual({ mentions: [], unread: 0 });
    // Clearing is Bob's alone.
    expect(await previews(alice)).toEqual(["@Alice Owner ok"]);
  });

  it(`keeps only the newest ${MENTIONS_KEPT}`, async () => {
    const { admin: alice, members } = await team("Bob Member");
    const bob = members[0]!;
    const chatId = await createGroup(alice, [bob]);
    const sock = await connect(chatId, alice);
    const texts = Array.from({ length: MENTIONS_KEPT + 5 }, (_, i) => `@Bob Member note ${i + 1}`);
    const acks = await sendAll(sock, texts);
    expect(acks.every((a) => a.success)).toBe(true);
    const expected = texts.slice(5).reverse();
    await waitUntil(async () => JSON.stringify(await previews(bob)) === JSON.stringify(expected), "the newest 50 mentions, newest first", 15_000);
    const { mentions, unread } = await mentionsOf(bob);
    expect(mentions).toHaveLength(MENTIONS_KEPT);
    expect(unread).toBe(MENTIONS_KEPT);
  });

  it("stores a mention once per message, however often it is delivered", async () => {
    const { admin: alice, members } = await team("Bob Member");
    const bob = members[0]!;
    const inbox = env.USER_INBOX.get(env.USER_INBOX.idFromName(bob.id));
    const input = {
      chatId: "chat_x",
      chatName: "Team Room",
      messageId: "msg_once",
      chatType: 0,
      mentionType: "user" as const,
      senderName: alice.name,
      messagePreview: "@Bob Member hi",
      createdAt: Date.now(),
      seq: 1,
    };
    const first = await inbox.addMention(input);
    expect(first).toMatchObject({ chatId: "chat_x", messageId: "msg_once", read: false });
    expect(await inbox.addMention(input)).toBeNull();
    // The same message id in another chat is another message.
    expect(await inbox.addMention({ ...input, chatId: "chat_y" })).not.toBeNull();
    expect((await mentionsOf(bob)).mentions.map((m) => m.chatId)).toEqual(["chat_y", "chat_x"]);
  });
});
