import { describe, expect, it } from "vitest";
import { AGENT_TEXTS, CODING_TEXTS } from "../../../contract";
import { ask, followReply } from "../agent-helpers";
import { connect, expectNoFrame, settle, wholeHistory } from "../chat-helpers";
import { approvalRows, decide, groupProject, job, latestCards, nextAsked, readFile, start } from "./coding-helpers";

const APPEND = { name: "run_command", input: { command: "echo x >> log.txt" } };

describe("who may drive the coding agent", { timeout: 60_000 }, () => {
  it("a plain member cannot start a run in the agent stream", async () => {
    const { mia, projectId, chatId, miaSock, ownerSock } = await groupProject("auto_edits");
    const j = job([{ tools: [{ name: "write_file", input: { path: "mine.txt", content: "mine" } }] }]);
    const ack = await ask(miaSock, j.text);
    expect(ack).toMatchObject({ success: false, error: AGENT_TEXTS.notController });
    await expectNoFrame(ownerSock, (f) => f.type === "agent_status" || f.type === "message");
    expect(await j.requests()).toEqual([]);
    expect(await readFile(mia, projectId, "mine.txt")).toBeNull();
    expect(await wholeHistory(mia, chatId, 1)).toEqual([]);
  });

  it("a plain member can neither pause nor answer the run the controller started", async () => {
    const { owner, projectId, chatId, ownerSock, miaSock } = await groupProject();
    await start(ownerSock, job([{ tools: [APPEND] }, { text: "Appended." }]));
    const asked = await nextAsked(miaSock);

    miaSock.send({ type: "pause_sse_v2", room: chatId });
    expect(await miaSock.next((f) => f.type === "sse_paused")).toEqual({
      type: "sse_paused",
      room: chatId,
      success: false,
      message_id: null,
      error: AGENT_TEXTS.notController,
    });
    decide(miaSock, asked.request.messageId, true);
    expect(await miaSock.next((f) => f.type === "error")).toEqual({ type: "error", error: CODING_TEXTS.approvalNotYours });
    await settle(300);
    expect(await approvalRows(chatId)).toEqual([expect.objectContaining({ outcome: null })]);
    expect(ownerSock.frames.filter((f) => f.type === "sse_paused" || f.type === "chat_done")).toEqual([]);
    expect(await readFile(owner, projectId, "log.txt")).toBeNull();

    // The run is still the owner's to continue.
    decide(ownerSock, asked.request.messageId, true);
    expect((await followReply(miaSock, 15_000)).streamed).toBe("Appended.");
    expect(await readFile(owner, projectId, "log.txt")).toBe("x\n");
  });

  it("Ask mode only reads: a write is answered 'no tool named write_file' and nothing is written", async () => {
    const { mia, projectId, chatId, ownerSock, miaSock } = await groupProject("auto_edits");
    const j = job([
      { tools: [{ name: "read_file", input: { path: "README.md" } }] },
      { tools: [{ name: "write_file", input: { path: "README.md", content: "overwritten" } }] },
      { echoTool: true },
    ]);
    await start(miaSock, j, 2);
    const { streamed } = await followReply(miaSock, 15_000);
    expect(streamed).toBe("Tool said: Error: there is no tool named write_file here.");

    expect(await readFile(mia, projectId, "README.md")).toBe("# Team Build\n");
    const results = await j.results();
    expect(results.map((r) => r.name)).toEqual(["read_file", "write_file"]);
    expect(results[0]!.content).toContain("# Team Build");
    expect(latestCards(miaSock).map((c) => [c.tool, c.status])).toEqual([["read_file", "done"]]);
    expect(miaSock.frames.filter((f) => f.type === "approval_request" || f.type === "workspace_changed")).toEqual([]);
    // Her ask-only run is hers: the rest of the chat sees none of it.
    expect(ownerSock.frames.filter((f) => f.type !== "ready")).toEqual([]);
    expect((await wholeHistory(mia, `${chatId}_${mia.id}`, 2)).map((m: any) => m.messageType)).toEqual(["user_request", "status_update", "ai_response"]);
  });

  it("a member's private ask-only run cannot publish or replace the team's todo list", async () => {
    const { owner, chatId, ownerSock, miaSock } = await groupProject();
    const teamPlan = [{ id: "1", description: "Team plan", status: "in_progress" }];
    await start(ownerSock, job([{ tools: [{ name: "update_todos", input: { items: teamPlan } }] }, { text: "Planned." }]));
    for (const sock of [ownerSock, miaSock]) {
      await followReply(sock, 15_000);
      await sock.next((f) => f.type === "todo_list");
      sock.frames.length = 0;
    }

    const j = job([
      { tools: [{ name: "update_todos", input: { items: [{ id: "1", description: "My secret question", status: "pending" }] } }] },
      { echoTool: true },
    ]);
    await start(miaSock, j, 2);
    await followReply(miaSock, 15_000);
    for (const sock of [ownerSock, miaSock]) expect(sock.frames.filter((f) => f.type === "todo_list")).toEqual([]);
    expect((await j.results())[0]!.content).toContain("no tool named update_todos");
    // Whoever opens the chat still sees the team's plan.
    const again = await connect(chatId, owner);
    expect(again.frames[1]).toMatchObject({ type: "todo_list", items: teamPlan });
  });
});
