import { describe, expect, it } from "vitest";
import { ask, expectCompleteReply, requestsAbout, followReply } from "../agent-helpers";
import { connect, createGroup, team } from "../chat-helpers";
import { addDocument, newBase, newVire } from "../knowledge/kb-helpers";

async function vireWithKnowledge() {
  const { admin, members } = await team("Bob Member");
  const vireId = await newVire(admin, "Kiki Knows", { rolePrompt: "Always answer politely." });
  const baseId = await newBase(admin, vireId);
  await addDocument(
    admin,
    baseId,
    "refunds.txt",
    "The Zephyr refund window is 45 days for annual plans. Monthly plans cannot be refunded after the first week.",
  );
  await addDocument(admin, baseId, "vacation.txt", "Employees receive 28 vacation days per year. Carry-over of unused vacation is limited to 5 days.");
  const chatId = await createGroup(admin, members, [vireId], "Knowledge Room");
  return { owner: admin, bob: members[0]!, chatId, ownerSock: await connect(chatId, admin), bobSock: await connect(chatId, members[0]!) };
}

describe("agent knowledge", () => {
  it("retrieves the passage of the right file for a question, quotes it as data, and cites the file", async () => {
    const { ownerSock, bobSock } = await vireWithKnowledge();
    await ask(ownerSock, "[prompt] How long is the Zephyr refund window?");
    const card = await bobSock.next((f) => f.type === "message" && f.message.messageType === "status_update");
    const status = JSON.parse(card.message.content);
    expect(status.update_type).toBe("tool_execution_result");
    expect(status.content.display_to_user).toContain("refunds.txt");
    expect(status.content.display_to_user).not.toContain("vacation.txt");

    const { final } = await followReply(bobSock);
    expectCompleteReply(final, /45 days for annual plans/);
    expect(final.content).toContain('<passage file="refunds.txt">');
    expect(final.content).toContain("Always answer politely.");
    expect(final.content).not.toContain("28 vacation days");
    expect(final.content.endsWith("Sources: refunds.txt")).toBe(true);
  });

  it("lets the model search the knowledge itself through a tool call, and cites what it found", async () => {
    const { ownerSock } = await vireWithKnowledge();
    await ask(ownerSock, "[tool] vacation carry-over", 1, { preferred_llm_model: "gpt-5" });
    const { final } = await followReply(ownerSock);
    expectCompleteReply(final, /^Tool said: .*28 vacation days/);
    expect(final.content).toContain("Sources: vacation.txt");
    const [first, second] = (await requestsAbout("[tool] vacation carry-over")).slice(-2);
    expect(first).toMatchObject({ protocol: "openai", hasToolResult: false });
    expect(second).toMatchObject({ protocol: "openai", hasToolResult: true });
    const cards = ownerSock.frames.filter((f) => f.type === "message" && f.message.messageType === "status_update");
    expect(cards.length).toBeGreaterThanOrEqual(1);
  });

  it("calls tools over the Anthropic protocol too", async () => {
    const { ownerSock } = await vireWithKnowledge();
    await ask(ownerSock, "[tool] refund window");
    const { final } = await followReply(ownerSock);
    expectCompleteReply(final, /^Tool said: .*45 days/);
    expect((await requestsAbout("[tool] refund window")).at(-1)).toMatchObject({ protocol: "anthropic", hasToolResult: true });
  });
});
