import { describe, expect, it } from "vitest";
import { scriptDirective } from "../../fakes/fake-llm-script";
import { agentGroup, askFrame, expectCompleteReply, followReply, usedQuota, useUpQuota } from "../agent-helpers";

describe("runs starting together", { timeout: 30_000 }, () => {
  it("charges each member asking at once exactly once, and refuses only the one whose quota is used up", async () => {
    const { owner, members, ownerSock, memberSocks } = await agentGroup("Bob Member", "Cleo Member", "Dan Member");
    const [bob, cleo, dan] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    await useUpQuota(bob, 99); // the last request of the month
    await useUpQuota(cleo, 100); // none left
    const socks = [ownerSock, ...memberSocks];
    const texts = socks.map((_, i) => `answer for asker ${i}`);
    socks.forEach((sock, i) => sock.send(askFrame(`${scriptDirective([{ text: texts[i]! }])} go`, 2)));

    for (const i of [0, 1, 3]) {
      const { final, streamed } = await followReply(socks[i]!, 20_000);
      expectCompleteReply(final, texts[i]!);
      expect(streamed).toBe(texts[i]);
    }
    const refusal = await socks[2]!.next((f) => f.type === "chat_remain_no");
    expect(refusal.message).toBe("Your AI request quota has been exhausted. Please upgrade your membership to get more benefits.");
    await socks[2]!.next((f) => f.type === "chat_done");
    expect(socks[2]!.frames.some((f) => f.type === "streaming_message")).toBe(false);

    expect(await usedQuota(owner)).toBe(1);
    expect(await usedQuota(bob)).toBe(100);
    expect(await usedQuota(cleo)).toBe(100);
    expect(await usedQuota(dan)).toBe(1);
  });
});
