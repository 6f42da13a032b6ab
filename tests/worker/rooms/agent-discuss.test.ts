import { describe, expect, it } from "vitest";
import { agentGroup, expectCompleteReply, requestsAbout, followReply } from "../agent-helpers";
import { send } from "../chat-helpers";
import { call } from "../helpers";
import { latestText } from "../../fakes/prompt-lines";

describe("forwarding the discussion to the agent", () => {
  it("hands unnotified discussion messages to the agent once, and only the controller may", async () => {
    const { owner, members, chatId, ownerSock, memberSocks } = await agentGroup();
    const bob = members[0]!;
    await send(ownerSock, "we should ship on Friday");
    await send(memberSocks[0]!, "but the tests are red");
    const unnotified = () => call(`/api/group-chats/${chatId}/messages?unnotified_discuss=true&limit=100`, { token: owner.token });
    expect((await unnotified()).json.data.messages.map((m: any) => m.content)).toEqual(["we should ship on Friday", "but the tests are red"]);

    const byBob = await call(`/api/group-chats/${chatId}/discuss-to-agent`, { token: bob.token, body: {} });
    expect(byBob.status).toBe(403);
    expect(byBob.json.message).toBe("You need presenter rights to forward messages. Ask the owner for permission.");

    const forwarded = await call(`/api/group-chats/${chatId}/discuss-to-agent`, { token: owner.token, body: {} });
    expect(forwarded.status).toBe(200);
    const merged = await memberSocks[0]!.next((f) => f.type === "message" && f.message.messageType === "merged_forward");
    expect(merged.message).toMatchObject({ id: forwarded.json.data.messageId, chat_type: 1 });
    expect(JSON.parse(merged.message.content)).toMatchObject({ type: "merged_forward", messageCount: 2 });
    const { final } = await followReply(memberSocks[0]!);
    expectCompleteReply(final, /^Echo: Please read this team discussion/);
    const asked = (await requestsAbout("we should ship on Friday")).at(-1);
    const forwardedLines = latestText(asked.lastUser)
      .split("\n")
      .slice(1)
      .map((line) => JSON.parse(line));
    expect(forwardedLines).toEqual([
      { sender: "Alice Owner", text: "we should ship on Friday" },
      { sender: "Bob Member", text: "but the tests are red" },
    ]);

    expect((await unnotified()).json.data.messages).toEqual([]);
    const again = await call(`/api/group-chats/${chatId}/discuss-to-agent`, { token: owner.token, body: {} });
    expect(again.status).toBe(404);
    await send(memberSocks[0]!, "one more thought");
    expect((await unnotified()).json.data.messages.map((m: any) => m.content)).toEqual(["one more thought"]);
  });
});
