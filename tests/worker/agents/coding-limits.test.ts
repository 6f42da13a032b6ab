import { describe, expect, it } from "vitest";
import { CODING_TEXTS } from "../../../contract";
import { TOOL_OUTPUT_MAX } from "../../../worker/agents/coding/output";
import { followReply } from "../agent-helpers";
import { wholeHistory } from "../chat-helpers";
import { decide, job, latestCards, nextAsked, projectChat, start } from "./coding-helpers";

/** The step limit when CODING_MAX_STEPS is not set (the worker tests do not set it). */
const DEFAULT_STEPS = 40;

describe("limits of one coding request", { timeout: 60_000 }, () => {
  it("a command that prints about a megabyte reaches the model cut to the cap, with a note saying so", async () => {
    const { sock } = await projectChat();
    const j = job([{ tools: [{ name: "run_command", input: { command: "head -c 1000000 /dev/zero | tr '\\0' a; echo; echo THE-END" } }] }, { text: "Seen." }]);
    await start(sock, j);
    decide(sock, (await nextAsked(sock)).request.messageId, true);
    expect((await followReply(sock, 30_000)).streamed).toBe("Seen.");

    const [result] = await j.results();
    expect(result!.name).toBe("run_command");
    expect(result!.content).toMatch(/\[output truncated: 30000 of \d+ characters shown\]/);
    expect(result!.content.length).toBeLessThanOrEqual(TOOL_OUTPUT_MAX + 100);
    expect(result!.content.length).toBeGreaterThan(TOOL_OUTPUT_MAX / 2);
    // The start (the exit code) and the end (where errors usually are) both survive the cut.
    expect(result!.content.startsWith("Exit code 0.")).toBe(true);
    expect(result!.content.trimEnd().endsWith("THE-END")).toBe(true);
    expect(latestCards(sock).at(-1)).toMatchObject({ tool: "run_command", status: "done" });
  });

  it("a run that keeps calling tools stops at the step limit with a note, and the stream is free again", async () => {
    const { owner, chatId, sock } = await projectChat();
    const j = job([{ repeatTool: { name: "list_files" }, times: DEFAULT_STEPS + 5 }, { text: "Never said." }]);
    await start(sock, j);
    const done = await sock.next((f) => f.type === "chat_done", 50_000);
    expect(done).toMatchObject({ room: chatId, chat_type: 1 });

    expect(await j.requests()).toHaveLength(DEFAULT_STEPS);
    const listed = latestCards(sock).filter((c) => c.tool === "list_files");
    expect(listed).toHaveLength(DEFAULT_STEPS);
    expect(listed.every((c) => c.status === "done")).toBe(true);
    const stored = await wholeHistory(owner, chatId, 1);
    const alerts = stored.filter((m) => m.messageType === "system_alert").map((m) => m.content);
    expect(alerts).toEqual([CODING_TEXTS.stepLimit.replace("{n}", String(DEFAULT_STEPS))]);
    expect(stored.some((m) => m.messageType === "ai_response")).toBe(false);
    await sock.next((f) => f.type === "agent_status" && f.status === "idle");

    await start(sock, job([{ text: "Next request." }]));
    expect((await followReply(sock, 10_000)).streamed).toBe("Next request.");
  });
});
