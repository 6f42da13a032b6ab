import { describe, expect, it } from "vitest";
import { agentGroup } from "../agent-helpers";
import { connect, createGroup, framesOf, history, messageFrom, send, team } from "../chat-helpers";
import { call } from "../helpers";
import { seedMessages } from "./seed-room";

/**
 * Any list of more than 99 ids bound one `?` each broke the room's SQLite
 * (500s, and a member more than 99 messages behind could not rejoin live).
 */
// Generous: the suite shares two cores with other workers.
describe("no list of any length reaches SQLite's bound-parameter limit", { timeout: 30_000 }, () => {
  it("pages 100 messages at once from a chat with 150", async () => {
    const { admin, members } = await team("Bob");
    const chatId = await createGroup(admin, members);
    const ids = await seedMessages(chatId, admin, 150);
    const page = await history(members[0]!, chatId, "?limit=100&chat_type=0");
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    expect(page.json.data.messages.map((m: any) => m.id)).toEqual(ids.slice(50));
    expect(page.json.data.pagination.hasMore).toBe(true);
  });

  for (const behind of [1000, 10_000]) {
    it(`replays to a member ${behind} messages behind, who then receives new messages live`, async () => {
      const { admin, members } = await team("Bob");
      const bob = members[0]!;
      const chatId = await createGroup(admin, members);
      const ids = await seedMessages(chatId, admin, behind);
      const sock = await connect(chatId, bob, "?lastSeq=0");
      const done = (await framesOf(sock, (f) => f.type === "replay_done", 1, 30_000))[0];
      expect(done.headSeq).toBe(behind);
      const replayed = sock.frames.filter((f) => f.type === "message").map((f) => f.message.id);
      // At most a thousand are replayed; a client further behind reloads history from replay_done.
      expect(replayed).toEqual(ids.slice(0, 1000));
      const aliceSock = await connect(chatId, admin);
      const live = await send(aliceSock, "are you back?");
      expect(live.success).toBe(true);
      await framesOf(sock, messageFrom(live.message_id));
    }, 60_000);
  }

  it("forwards 150 messages in one request", async () => {
    const { admin, members } = await team("Bob");
    const source = await createGroup(admin, members, [], "Source");
    const target = await createGroup(admin, members, [], "Target");
    const ids = await seedMessages(source, admin, 150);
    const r = await call("/api/forward-messages", {
      token: admin.token,
      body: { sourceChatId: source, messageType: "group", messageIds: ids, recipients: [{ id: target, type: "group" }] },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const forwarded = (await history(members[0]!, target, "?chat_type=0")).json.data.messages.at(-1);
    expect(JSON.parse(forwarded.content)).toMatchObject({ type: "merged_forward", messageCount: 150 });
  });

  it("sends a discussion of 120 pending messages to the agent (the newest 100 at most)", async () => {
    const { owner, chatId, memberSocks } = await agentGroup();
    await seedMessages(chatId, owner, 120);
    const r = await call(`/api/group-chats/${chatId}/discuss-to-agent`, { token: owner.token, body: {} });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const merged = (await framesOf(memberSocks[0]!, messageFrom(r.json.data.messageId)))[0];
    expect(JSON.parse(merged.message.content)).toMatchObject({ type: "merged_forward", messageCount: 100 });
  });

  it("answers batch-status for 150 request ids", async () => {
    const { owner, members, chatId } = await agentGroup();
    const bobSock = await connect(chatId, members[0]!);
    bobSock.send({ type: "request_presenter", message: "may I?" });
    const sent = (await framesOf(bobSock, (f) => f.type === "request_success"))[0];
    const unknown = Array.from({ length: 149 }, (_, i) => ({ requestId: `preq_unknown${i}`, chatId }));
    const r = await call("/api/request-permission/batch-status", {
      token: owner.token,
      body: { jsonArray: [...unknown, { requestId: sent.requestId, chatId }] },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toEqual({ success: true, data: [{ requestId: sent.requestId, status: "pending" }] });
  });
});
