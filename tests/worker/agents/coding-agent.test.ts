import { describe, expect, it } from "vitest";
import { ask, fakeRequests, followReply } from "../agent-helpers";
import { call } from "../helpers";
import { projectPath } from "../project-helpers";
import { cards, job, nextAsked, projectChat, readFile, setPolicy, start } from "./coding-helpers";

describe("the coding agent", () => {
  it("reads, publishes a todo list, edits after approval, runs a command after approval and commits", async () => {
    const { owner, projectId, sock } = await projectChat();
    await setPolicy(owner, projectId, "auto_edits");
    await start(
      sock,
      job([
        { tools: [{ name: "update_todos", input: { items: [{ id: "1", description: "Change the README", status: "in_progress" }] } }] },
        { tools: [{ name: "read_file", input: { path: "README.md" } }] },
        { tools: [{ name: "edit_file", input: { path: "README.md", old_text: "# ", new_text: "# Changed " } }] },
        { tools: [{ name: "run_command", input: { command: "cat README.md && echo ran-ok" } }] },
        { tools: [{ name: "git_commit", input: { message: "Change the README" } }] },
        { echoTool: true },
      ]),
    );
    const todo = await sock.next((f) => f.type === "todo_list", 10_000);
    expect(todo.items).toEqual([{ id: "1", description: "Change the README", status: "in_progress" }]);
    const asked = await nextAsked(sock);
    expect(asked.request.tool).toBe("run_command");
    expect(asked.request.targetUserId).toBe(owner.id);
    expect(await readFile(owner, projectId, "README.md")).toContain("# Changed ");
    sock.send({ type: "approval_decision", messageId: asked.request.messageId, approved: true });
    const { streamed } = await followReply(sock, 20_000);
    expect(streamed).toContain("Committed");
    const done = cards(sock)
      .filter((d) => d.status === "done")
      .map((d) => d.tool);
    expect(done).toEqual(expect.arrayContaining(["read_file", "edit_file", "run_command", "git_commit"]));
    const commits = await call(projectPath(projectId, "commits"), { token: owner.token });
    expect(JSON.stringify(commits.json)).toContain("Change the README");
  }, 60_000);

  it("reads the files a request references with @file from the project's workspace", async () => {
    const { sock } = await projectChat();
    await ask(sock, "What does this say?\n@file:README.md");
    await followReply(sock, 20_000);
    const asked = (await fakeRequests()).filter((r) => r.lastUser.includes("What does this say?")).at(-1);
    expect(asked.lastUser).toContain("# Agent Demo");
  }, 60_000);
});
