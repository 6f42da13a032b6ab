import { abortAllDurableObjects, runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CODING_TEXTS } from "../../../contract";
import { followReply } from "../agent-helpers";
import { connect, room, settle, waitUntil, wholeHistory } from "../chat-helpers";
import { approvalRows, checkpoint, decide, job, latestCards, nextAsked, projectChat, readFile, start } from "./coding-helpers";

const APPEND = { name: "run_command", input: { command: "echo x >> log.txt" } };
const SLOW_TEXT = "One line, as it should be.";

describe("coding runs survive restarts of the room", { timeout: 60_000 }, () => {
  it("a request waiting for an answer survives a restart; a reconnecting member gets it and Yes runs the tool once", async () => {
    const { owner, projectId, chatId, sock } = await projectChat();
    const j = job([{ tools: [APPEND] }, { echoTool: true }]);
    await start(sock, j);
    const asked = await nextAsked(sock);

    await abortAllDurableObjects();
    await sock.closed;
    const again = await connect(chatId, owner);
    expect(again.frames.slice(0, 2).map((f) => f.type)).toEqual(["ready", "approval_request"]);
    expect(again.frames[1].request).toMatchObject({ messageId: asked.request.messageId, tool: "run_command", outcome: null, targetUserId: owner.id });
    // The room's wake-up alarm goes on with interrupted runs, never with one that waits for an answer.
    await runDurableObjectAlarm(room(chatId));
    await settle(300);
    expect(await readFile(owner, projectId, "log.txt")).toBeNull();

    decide(again, asked.request.messageId, true);
    const { streamed } = await followReply(again, 15_000);
    expect(streamed).toContain("Tool said: Exit code 0.");
    expect(await readFile(owner, projectId, "log.txt")).toBe("x\n");
    expect(await approvalRows(chatId)).toEqual([expect.objectContaining({ id: asked.request.messageId, outcome: "approved" })]);
    expect(
      latestCards(again)
        .filter((c) => c.tool === "run_command")
        .map((c) => c.status),
    ).toEqual(["done"]);
    expect(await checkpoint(chatId)).toBeNull();
  });

  it("a restart between steps: the run resumes from its last finished step, runs nothing twice and says it was interrupted", async () => {
    const { owner, projectId, chatId, sock } = await projectChat();
    const j = job([{ tools: [APPEND] }, { text: SLOW_TEXT, slowMs: 400 }]);
    await start(sock, j);
    decide(sock, (await nextAsked(sock)).request.messageId, true);
    // The command ran and its result is stored; the model's next answer is on its way.
    await sock.next((f) => f.type === "streaming_message", 15_000);
    const saved = await checkpoint(chatId);
    expect(saved.messages.filter((m: any) => m.role === "tool")).toHaveLength(1);
    expect(saved.pending).toEqual([]);

    await abortAllDurableObjects();
    await sock.closed;
    const again = await connect(chatId, owner);
    await runDurableObjectAlarm(room(chatId));
    const stored = async () => wholeHistory(owner, chatId, 1);
    await waitUntil(async () => (await stored()).some((m) => m.messageType === "ai_response" && m.content === SLOW_TEXT), "the resumed run's reply", 15_000);
    await waitUntil(async () => (await checkpoint(chatId)) === null, "the resumed run to end", 5000);

    expect(await readFile(owner, projectId, "log.txt")).toBe("x\n");
    const messages = await stored();
    expect(messages.filter((m) => m.messageType === "system_alert").map((m) => m.content)).toEqual([CODING_TEXTS.interrupted]);
    // The reply cut by the restart is closed, marked as interrupted, and the new one follows it.
    const replies = messages.filter((m) => m.messageType === "ai_response");
    expect(replies).toHaveLength(2);
    expect(replies[0].content).toContain("interrupted by a server restart");
    expect(replies[1]).toMatchObject({ content: SLOW_TEXT, isStreamingComplete: true });
    const cardsStored = messages.filter((m) => m.messageType === "status_update").map((m) => JSON.parse(m.content).content.details);
    expect(cardsStored.map((d) => [d.tool, d.status])).toEqual([["run_command", "done"]]);
    // The model heard the command's result once, and was asked again only for the step that was cut.
    const requests = await j.requests();
    expect(requests).toHaveLength(3);
    expect(requests.at(-1).toolResults.map((r: any) => r.name)).toEqual(["run_command"]);
    expect(again.frames.some((f) => f.type === "chat_done")).toBe(true);
  });
});
