import { describe, expect, it, vi } from "vitest";
import { registerAgentSender, sendToAgent } from "../../../web/app/agentSender";

describe("the chat's agent sender, lent to the workspace", () => {
  it("sends through the open chat and reports whether the chat took the text", async () => {
    const send = vi.fn(async () => true);
    const stop = registerAgentSender("chat_a", { canDrive: true, send });
    expect(await sendToAgent("chat_a", "git commit")).toBe(true);
    expect(send).toHaveBeenCalledWith("git commit");
    stop();
    expect(await sendToAgent("chat_a", "git commit")).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it("sends nothing to a chat that is not open", async () => {
    expect(await sendToAgent("chat_closed", "git commit")).toBe(false);
  });

  it("keeps the newer registration when an older one is removed late (a remount)", async () => {
    const first = vi.fn(async () => true);
    const second = vi.fn(async () => true);
    const stopFirst = registerAgentSender("chat_b", { canDrive: true, send: first });
    const stopSecond = registerAgentSender("chat_b", { canDrive: false, send: second });
    stopFirst();
    await sendToAgent("chat_b", "git commit");
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    stopSecond();
  });
});
