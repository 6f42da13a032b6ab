import { describe, expect, it } from "vitest";
import { AGENT_TEXTS, discussRoomOf } from "../../../contract";
import { scriptDirective } from "../../fakes/fake-llm-script";
import { latestText } from "../../fakes/prompt-lines";
import { agentGroup, ask, expectCompleteReply, fakeRequests, followReply, usedQuota, useUpQuota } from "../agent-helpers";
import { expectNoFrame, send, waitUntil, wholeHistory } from "../chat-helpers";
import { chatMessage, messageId, type TestSocket } from "../socket-helpers";
import { groupProject, readFile } from "../agents/coding-helpers";
import { mentionsOf } from "./mention-helpers";

const isReply = (f: any) => (f.type === "message" || f.type === "message_updated") && f.message.messageType === "ai_response";

/** A tag that picks this test's calls out of the fake model's log, which every test file shares. */
function tagged(text: string): { text: string; tag: string } {
  const tag = `t-${crypto.randomUUID().slice(0, 8)}`;
  return { text: `${text} (${tag})`, tag };
}

async function modelCallsWith(tag: string): Promise<any[]> {
  return (await fakeRequests()).filter((r) => r.lastUser.includes(tag));
}

/** Sends a discussion message, optionally with the composer's agent settings, and returns its ack. */
async function discuss(sock: TestSocket, text: string, agentConfig?: Record<string, unknown>): Promise<any> {
  const id = messageId();
  sock.send(chatMessage(text, 0, id, agentConfig ? { data: { content: { text }, context_info: { agent_config: agentConfig } } } : {}));
  return sock.next((f) => f.type === "chat_ack" && f.message_id === id, 5000);
}

describe("a VIRE named in the discussion", () => {
  it("answers any member there, in Ask mode, with the discussion as context, on the asker's quota", async () => {
    const { owner, members, chatId, ownerSock, memberSocks } = await agentGroup("Bob Member");
    const bob = members[0]!;
    const [bobSock] = memberSocks;
    await send(ownerSock, "we ship on Friday");
    const before = { bob: await usedQuota(bob), owner: await usedQuota(owner) };

    // Bob is no controller; the composer's Coding mode does not carry over to the discussion.
    const q = tagged("@nova helper what do you think?");
    const ack = await discuss(bobSock!, q.text, { execution_mode: "coding" });
    expect(ack.success).toBe(true);

    for (const sock of [ownerSock, bobSock!]) {
      const { streamed, final, done } = await followReply(sock);
      expect(done).toMatchObject({ room: discussRoomOf(chatId), chat_type: 0 });
      expect(streamed).toBe(`Echo: ${q.text}`);
      expectCompleteReply(final, `Echo: ${q.text}`);
      expect(final).toMatchObject({ chat_type: 0, replyToMessageId: ack.message_id, virtualSender: { name: "Nova Helper" } });
    }
    const [call] = await modelCallsWith(q.tag);
    expect(call.system).toContain("Mode: Ask.");
    const lines = call.lastUser.split("\n").map((l: string) => JSON.parse(l));
    expect(lines).toEqual([
      { sender: "Alice Owner", text: "we ship on Friday" },
      { sender: "Bob Member", text: q.text },
    ]);
    expect(await usedQuota(bob)).toBe(before.bob + 1);
    expect(await usedQuota(owner)).toBe(before.owner);

    // The answer lives in the discussion; the agent stream stays empty.
    expect((await wholeHistory(owner, chatId, 1)).filter((m) => m.messageType === "ai_response")).toEqual([]);
    const discussion = await wholeHistory(owner, chatId, 0);
    expect(discussion.map((m) => [m.messageType, m.content])).toEqual([
      ["chat", "we ship on Friday"],
      ["chat", q.text],
      ["ai_response", `Echo: ${q.text}`],
    ]);
  });

  it("stays quiet when not named by name: plain messages, @all, or someone else", async () => {
    const { members, ownerSock, memberSocks } = await agentGroup("Bob Member");
    const quiet = [tagged("no mention here"), tagged("@all hello"), tagged("@Bob Member and Nova Helper")];
    for (const m of quiet) expect((await send(ownerSock, m.text)).success).toBe(true);
    // Bob's two notifications (@all, then his name) tell that the messages' handling has run.
    await waitUntil(async () => (await mentionsOf(members[0]!)).mentions.length === 2, "Bob's two mentions");
    await expectNoFrame(memberSocks[0]!, isReply);
    for (const m of quiet) expect(await modelCallsWith(m.tag)).toEqual([]);
  });

  it("refuses with the quota message when the asker has used up their plan", async () => {
    const { members, memberSocks, ownerSock } = await agentGroup("Bob Member");
    const bob = members[0]!;
    await useUpQuota(bob);
    const q = tagged("@Nova Helper hello?");
    expect((await discuss(memberSocks[0]!, q.text)).success).toBe(true);
    const refused = await memberSocks[0]!.next((f) => f.type === "chat_remain_no");
    expect(refused.message).toBe(AGENT_TEXTS.quotaExhausted);
    await expectNoFrame(ownerSock, isReply);
    expect(await modelCallsWith(q.tag)).toEqual([]);
  });

  it("answers one mention at a time: a second while it answers is told it is busy", { timeout: 20_000 }, async () => {
    const { owner, members, ownerSock, memberSocks } = await agentGroup("Bob Member");
    const slow = tagged("@Nova Helper [slow] tell a long story");
    expect((await discuss(ownerSock, slow.text)).success).toBe(true);
    await ownerSock.next((f) => f.type === "agent_status" && f.status === "busy");
    const second = tagged("@Nova Helper and now?");
    const secondAck = await discuss(memberSocks[0]!, second.text);
    expect(secondAck.success).toBe(true);
    // The error names the stored message, so the sender's client does not take it for a refused send.
    expect(await memberSocks[0]!.next((f) => f.type === "error")).toMatchObject({ error: AGENT_TEXTS.busy, messageId: secondAck.message_id });
    // Whoever asked may stop it, like their own ask-only answer.
    const room = (await ownerSock.next((f) => f.type === "streaming_message")).room;
    // Bob did not ask and does not control the agent: he cannot stop it; Alice, who asked, can.
    memberSocks[0]!.send({ type: "pause_sse_v2", room, userId: members[0]!.id, reason: "user_pause" });
    expect(await memberSocks[0]!.next((f) => f.type === "sse_paused")).toMatchObject({ room, success: false });
    ownerSock.send({ type: "pause_sse_v2", room, userId: owner.id, reason: "user_pause" });
    expect(await ownerSock.next((f) => f.type === "sse_paused")).toMatchObject({ room, success: true });
    expect(await modelCallsWith(second.tag)).toEqual([]);
  });
});

describe("control is not bypassed by naming the VIRE", () => {
  it("a member's mention in the agent stream is refused like any send there: no run, no notification", async () => {
    const { owner, ownerSock, memberSocks } = await agentGroup("Bob Member");
    const q = tagged("@Nova Helper @Alice Owner deploy to production");
    const ack = await ask(memberSocks[0]!, q.text, 1);
    expect(ack).toMatchObject({ success: false, error: AGENT_TEXTS.notController });
    await expectNoFrame(ownerSock, (f) => isReply(f) || f.type === "agent_status");
    expect(await modelCallsWith(q.tag)).toEqual([]);
    expect((await mentionsOf(owner)).mentions).toEqual([]);
  });

  it("in a project's group the discussion answer never starts a coding run on the workspace", { timeout: 60_000 }, async () => {
    const { owner, projectId, ownerSock, miaSock } = await groupProject();
    const q = tagged(
      `@Coding Agent write it ${scriptDirective([{ tools: [{ name: "write_file", input: { path: "mention.txt", content: "nope\n" } }] }, { text: "Wrote it." }])}`,
    );
    expect((await discuss(miaSock, q.text, { execution_mode: "coding" })).success).toBe(true);
    const { done } = await followReply(ownerSock, 20_000);
    expect(done.chat_type).toBe(0);
    const calls = await modelCallsWith(q.tag);
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) {
      expect(c.system).toContain("Mode: Ask.");
      // A coding run (even in Ask mode) works in the project's workspace and says so.
      expect(c.system).not.toContain("coding project");
    }
    expect(await readFile(owner, projectId, "mention.txt")).toBeNull();
    expect(ownerSock.frames.filter((f) => f.type === "approval_request" || f.type === "todo_list")).toEqual([]);
    expect(latestText(calls[0].lastUser)).toBe(q.text);
  });
});
