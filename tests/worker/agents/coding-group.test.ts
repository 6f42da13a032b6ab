import { describe, expect, it } from "vitest";
import { followReply } from "../agent-helpers";
import { connect, wholeHistory } from "../chat-helpers";
import { projectPath } from "../project-helpers";
import { call } from "../helpers";
import { decide, groupProject, job, latestCards, nextAsked, readFile, start } from "./coding-helpers";

const PLAN = [
  { id: "1", description: "Add the greeting", status: "in_progress" },
  { id: "2", description: "Check it", status: "pending" },
];

describe("the coding agent in a group", { timeout: 60_000 }, () => {
  it("every member sees the todo list, the tool cards, the approval request, the workspace changes and the reply", async () => {
    const { owner, mia, projectId, chatId, ownerSock, miaSock } = await groupProject("auto_edits");
    const j = job([
      { tools: [{ name: "update_todos", input: { items: PLAN } }] },
      { tools: [{ name: "write_file", input: { path: "hello.txt", content: "hello team\n" } }] },
      { tools: [{ name: "run_command", input: { command: "cat hello.txt" } }] },
      { tools: [{ name: "git_commit", input: { message: "Add the greeting" } }] },
      { text: "Added hello.txt and committed it." },
    ]);
    await start(ownerSock, j);
    const asked = await nextAsked(miaSock);
    expect(asked.request).toMatchObject({ tool: "run_command", targetUserId: owner.id, initiatorUserId: owner.id });
    expect(await readFile(owner, projectId, "hello.txt")).toBe("hello team\n");
    decide(ownerSock, asked.request.messageId, true);

    for (const sock of [ownerSock, miaSock]) {
      const { streamed, final } = await followReply(sock, 20_000);
      expect(streamed).toBe("Added hello.txt and committed it.");
      expect(final).toMatchObject({ messageType: "ai_response", isStreamingComplete: true });
      const todo = await sock.next((f) => f.type === "todo_list");
      expect(todo).toMatchObject({ chatId, items: PLAN });
      expect(sock.frames.filter((f) => f.type === "approval_request").map((f) => f.request.outcome)).toEqual(expect.arrayContaining(["approved"]));
      expect(latestCards(sock).map((c) => [c.tool, c.status])).toEqual([
        ["write_file", "done"],
        ["run_command", "done"],
        ["git_commit", "done"],
      ]);
      expect(latestCards(sock)[1]).toMatchObject({ approvalId: asked.request.messageId, result: expect.stringContaining("hello team") });
      const changed = sock.frames.filter((f) => f.type === "workspace_changed");
      expect(changed[0]).toEqual({ type: "workspace_changed", chatId, projectId, paths: ["hello.txt"], git: true });
      expect(changed.at(-1)).toMatchObject({ git: true });
    }

    // What a member reads later is what they saw live: the request, three cards and the reply.
    const stored = await wholeHistory(mia, chatId, 1);
    expect(stored.map((m: any) => m.messageType)).toEqual(["user_request", "status_update", "status_update", "status_update", "ai_response"]);
    const commits = await call(projectPath(projectId, "commits"), { token: owner.token });
    expect(commits.json.data.commits[0].message).toBe("Add the greeting");
  });

  it("a member who connects later gets the todo list and the open approval request right after ready", async () => {
    const { owner, others, chatId, ownerSock } = await groupProject("ask", "Leo Late");
    const leo = others[0]!;
    await start(
      ownerSock,
      job([{ tools: [{ name: "update_todos", input: { items: PLAN } }] }, { tools: [{ name: "run_command", input: { command: "echo hi" } }] }, { text: "ok" }]),
    );
    const asked = await nextAsked(ownerSock);

    const late = await connect(chatId, leo);
    expect(late.frames.slice(0, 3).map((f) => f.type)).toEqual(["ready", "todo_list", "approval_request"]);
    expect(late.frames[1]).toMatchObject({ chatId, items: PLAN });
    // The waiting run still counts as the agent stream's work, so the late joiner sees it busy.
    expect(late.frames[0].agentRuns).toEqual([expect.objectContaining({ chat_type: 1, message_id: "" })]);
    expect(late.frames[2].request).toMatchObject({ messageId: asked.request.messageId, tool: "run_command", outcome: null, targetUserId: owner.id });

    decide(ownerSock, asked.request.messageId, true);
    expect((await followReply(late, 15_000)).streamed).toBe("ok");
  });
});
