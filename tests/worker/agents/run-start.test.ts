import { describe, expect, it } from "vitest";
import { scriptDirective } from "../../fakes/fake-llm-script";
import { agentGroup, ask, askFrame, expectCompleteReply, followReply, usedQuota, useUpQuota } from "../agent-helpers";
import { wholeHistory } from "../chat-helpers";

describe("runs starting together", { timeout: 30_000 }, () => {
  it("charges each member asking at once exactly once, refuses only the one whose quota is used up, and ends each reply stored whole before chat_done", async () => {
    const { owner, members, chatId, ownerSock, memberSocks } = await agentGroup("Bob Member", "Cleo Member", "Dan Member");
    const [bob, cleo, dan] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    await useUpQuota(bob, 99); // the last request of the month
    await useUpQuota(cleo, 100); // none left
    const socks = [ownerSock, ...memberSocks];
    const texts = socks.map((_, i) => `answer for asker ${i}`);
    socks.forEach((sock, i) => sock.send(askFrame(`${scriptDirective([{ text: texts[i]! }])} go`, 2)));

    const askers = [owner, bob, cleo, dan];
    for (const i of [0, 1, 3]) {
      const { final, streamed } = await followReply(socks[i]!, 20_000);
      expectCompleteReply(final, texts[i]!);
      expect(streamed).toBe(texts[i]);
      // Once chat_done is out, the reply is stored whole and finished.
      const stored = (await wholeHistory(askers[i]!, `${chatId}_${askers[i]!.id}`)).find((m) => m.id === final.id);
      expect(stored).toMatchObject({ content: texts[i], isStreamingComplete: true });
    }
    // And the asker's room is free again: the next request is taken, not refused as busy.
    expect((await ask(ownerSock, "and once more", 2)).success).toBe(true);
    await followReply(ownerSock, 20_000);
    const refusal = await socks[2]!.next((f) => f.type === "chat_remain_no");
    expect(refusal.message).toBe("Your AI request quota has been exhausted. Please upgrade your membership to get more benefits.");
    await socks[2]!.next((f) => f.type === "chat_done");
    expect(socks[2]!.frames.some((f) => f.type === "streaming_message")).toBe(false);

    expect(await usedQuota(owner)).toBe(2);
    expect(await usedQuota(bob)).toBe(100);
    expect(await usedQuota(cleo)).toBe(100);
    expect(await usedQuota(dan)).toBe(1);
  });
});
