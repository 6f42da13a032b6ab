import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, expectError, expectJsonBodyChecks, type TestUser } from "../helpers";
import { connect, createGroup, expectNoFrame, flushMirror, room, send, team } from "../chat-helpers";

const EMOJIS = ["👍", "❤️", "😂", "😮", "😢", "😠", "🎉", "🔥"];

const react = (u: TestUser, chatId: string, id: string, emoji: unknown) =>
  call(`/api/messages/${id}/reactions?chatId=${chatId}`, { token: u.token, body: { emoji } });
const like = (u: TestUser, chatId: string, id: string) => call(`/api/messages/${id}/like?chatId=${chatId}`, { token: u.token, body: {} });
const dislike = (u: TestUser, chatId: string, id: string, body: unknown = {}) => call(`/api/messages/${id}/dislike?chatId=${chatId}`, { token: u.token, body });

async function chatWithMessage() {
  const { admin, members } = await team("Bob", "Carol");
  const [bob, carol] = members as [TestUser, TestUser];
  const chatId = await createGroup(admin, [bob, carol]);
  const a = await connect(chatId, admin);
  const id = (await send(a, "react to me")).message_id;
  return { alice: admin, bob, carol, chatId, a, id };
}

describe("reactions", () => {
  it("accepts each of the eight emojis; one reaction per user: another emoji replaces, the same removes", async () => {
    const { bob, chatId, id } = await chatWithMessage();
    for (const [i, emoji] of EMOJIS.entries()) {
      const r = await react(bob, chatId, id, emoji);
      expect(r.status, emoji).toBe(200);
      expect(r.json.data).toEqual({
        outcome: i === 0 ? "added" : "replaced",
        reactions: [{ emoji, count: 1, users: [{ id: bob.id, name: "Bob", isAnonymous: false }] }],
      });
    }
    const removed = await react(bob, chatId, id, "🔥");
    expect(removed.json.data).toEqual({ outcome: "removed", reactions: [] });
    expect((await call(`/api/messages/${id}/reactions?chatId=${chatId}`, { token: bob.token })).json.data).toEqual({ reactions: [] });
  });

  it("counts users per emoji, is seen in history, and every member's socket gets a reactions frame", async () => {
    const { alice, bob, carol, chatId, a, id } = await chatWithMessage();
    const c = await connect(chatId, carol);
    await react(bob, chatId, id, "🎉");
    const r = await react(carol, chatId, id, "🎉");
    expect(r.json.data.outcome).toBe("added");
    expect(r.json.data.reactions).toEqual([
      {
        emoji: "🎉",
        count: 2,
        users: [
          { id: bob.id, name: "Bob", isAnonymous: false },
          { id: carol.id, name: "Carol", isAnonymous: false },
        ],
      },
    ]);
    await react(alice, chatId, id, "👍");
    const frame = await a.next((f) => f.type === "reactions" && f.reactions.length === 2);
    expect(frame.message_id).toBe(id);
    await c.next((f) => f.type === "reactions" && f.reactions.length === 2);
    const got = await call(`/api/messages/${id}/reactions?chatId=${chatId}`, { token: alice.token });
    expect(got.json.data.reactions.map((x: any) => [x.emoji, x.count])).toEqual([
      ["🎉", 2],
      ["👍", 1],
    ]);
    const page = await call(`/api/group-chats/${chatId}/messages`, { token: carol.token });
    expect(page.json.data.messages[0].reactions.map((x: any) => [x.emoji, x.count])).toEqual([
      ["🎉", 2],
      ["👍", 1],
    ]);
  });

  it("refuses unsupported emojis and bad bodies with 400, unknown messages with 404", async () => {
    const { bob, chatId, id } = await chatWithMessage();
    for (const emoji of ["🙂", "thumbs_up", "", "👍👍", 1, null]) expectError(await react(bob, chatId, id, emoji), 400);
    expectError(await react(bob, chatId, "msg_does_not_exist", "👍"), 404, "Message not found");
    await expectJsonBodyChecks(`/api/messages/${id}/reactions?chatId=${chatId}`, "POST", bob.token, { emoji: "👍" });
    expect((await call(`/api/messages/${id}/reactions?chatId=${chatId}`, { token: bob.token })).json.data.reactions).toEqual([]);
  });

  it("finds the chat through the mirror when the client does not name it", async () => {
    const { bob, chatId, id } = await chatWithMessage();
    expectError(await call(`/api/messages/${id}/reactions`, { token: bob.token, body: { emoji: "👍" } }), 404);
    await flushMirror(chatId, 1);
    expect((await call(`/api/messages/${id}/reactions`, { token: bob.token, body: { emoji: "👍" } })).json.data.outcome).toBe("added");
  });

  it("an ask-only message can be reacted to by its owner only, and the reaction is not broadcast to others", async () => {
    const { alice, bob, chatId, a } = await chatWithMessage();
    const b = await connect(chatId, bob);
    const askId = (await send(a, "private question", 2)).message_id;
    expectError(await react(bob, chatId, askId, "👍"), 404);
    expectError(await like(bob, chatId, askId), 404);
    expect((await react(alice, chatId, askId, "👍")).json.data.outcome).toBe("added");
    await a.next((f) => f.type === "reactions" && f.message_id === askId);
    await expectNoFrame(b, (f) => f.message_id === askId);
  });
});

describe("likes", () => {
  it("a like counts and shows as mine; liking again resets it", async () => {
    const { bob, chatId, id } = await chatWithMessage();
    const r = await like(bob, chatId, id);
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ likes: 1, dislikes: 0, userLiked: true, userDisliked: false });
    expect((await like(bob, chatId, id)).json.data).toEqual({ likes: 0, dislikes: 0, userLiked: false, userDisliked: false });
  });

  it("a dislike stores its reason; a like replaces it; each viewer sees their own flag", async () => {
    const { alice, bob, carol, chatId, a, id } = await chatWithMessage();
    await like(carol, chatId, id);
    const d = await dislike(bob, chatId, id, { reason: "Inaccurate", detailedReason: "The numbers are from last year" });
    expect(d.json.data).toEqual({ likes: 1, dislikes: 1, userLiked: false, userDisliked: true });
    const stored = await runInDurableObject(room(chatId), (_i, state) =>
      state.storage.sql.exec("SELECT value, reason, detail FROM likes WHERE user_id = ?", bob.id).toArray(),
    );
    expect(stored).toEqual([{ value: -1, reason: "Inaccurate", detail: "The numbers are from last year" }]);
    expect(await a.next((f) => f.type === "likes" && f.likes.dislikes === 1)).toEqual({ type: "likes", message_id: id, likes: { likes: 1, dislikes: 1 } });
    expect((await like(bob, chatId, id)).json.data).toEqual({ likes: 2, dislikes: 0, userLiked: true, userDisliked: false });
    const seenByAlice = (await call(`/api/group-chats/${chatId}/messages`, { token: alice.token })).json.data.messages[0].likes;
    expect(seenByAlice).toEqual({ likes: 2, dislikes: 0, userLiked: false, userDisliked: false });
    const seenByBob = (await call(`/api/group-chats/${chatId}/messages`, { token: bob.token })).json.data.messages[0].likes;
    expect(seenByBob).toEqual({ likes: 2, dislikes: 0, userLiked: true, userDisliked: false });
  });

  it("a lone dislike shows as mine; disliking again resets it", async () => {
    const { bob, chatId, id } = await chatWithMessage();
    expect((await dislike(bob, chatId, id, { reason: "Wrong" })).json.data).toEqual({ likes: 0, dislikes: 1, userLiked: false, userDisliked: true });
    expect((await dislike(bob, chatId, id)).json.data).toEqual({ likes: 0, dislikes: 0, userLiked: false, userDisliked: false });
  });

  it("refuses over-long reasons (400) and unknown messages (404)", async () => {
    const { bob, chatId, id } = await chatWithMessage();
    expectError(await dislike(bob, chatId, id, { reason: "x".repeat(201) }), 400);
    expectError(await dislike(bob, chatId, id, { detailedReason: "x".repeat(2001) }), 400);
    expectError(await like(bob, chatId, "msg_does_not_exist"), 404);
  });
});
