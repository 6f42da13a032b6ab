// @vitest-environment happy-dom
import { act, createElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GitStatus, ProjectConfig } from "../../../contract";
import { registerAgentSender } from "../../../web/app/agentSender";
import { ExplorerPanel } from "../../../web/features/workspace/explorer/ExplorerPanel";
import { click, find, get, gitAnswer, makeConfig, makeProject, node, startHarness, typeInto, type Call, type Harness } from "./workspaceHarness";

const PROJECT = "p_commit";
const base = `/api/coding-projects/${PROJECT}`;

let status: Partial<GitStatus>;
let config: ProjectConfig;
let harness: Harness;
let unregister: (() => void) | null;

function route(call: Call): unknown {
  if (call.path === base) return makeProject(PROJECT);
  if (call.path === `${base}/config`) return config;
  if (call.path === `${base}/git-status`) return gitAnswer(status);
  if (call.path === `${base}/file-tree-lazy`) return { path: "", children: [node("index.ts")] };
  if (call.path === `${base}/commit` && call.method === "POST") return { hash: "abcdef1234567890", message: (call.body as { message: string }).message };
  return undefined;
}

/** The open chat lends its send the way the chat room does; `canDrive` is the control rule's answer. */
function chatOpen(canDrive: boolean, taken = true) {
  const send = vi.fn(async (_text: string) => taken);
  unregister = registerAgentSender("chat_1", { canDrive, send });
  return send;
}

async function openCommitDialog() {
  await harness.showWorkspace(PROJECT, createElement(ExplorerPanel, { onCollapse: () => undefined }));
  await click("git-commit-open");
}

const agentButton = () => get("commit-agent");

beforeEach(() => {
  status = { files: [{ filePath: "index.ts", status: "modified" }], hasChanges: true };
  config = makeConfig();
  unregister = null;
  harness = startHarness(route);
});

afterEach(() => {
  act(() => unregister?.());
  harness.unmount();
});

describe("committing through the coding agent (spec 03 §4 Git)", () => {
  it("asks the agent to 'git commit' in the project's chat and closes the dialog", async () => {
    const send = chatOpen(true);
    await openCommitDialog();
    expect(agentButton().textContent).toBe("Commit with agent");
    expect(get("commit-dialog").textContent).toContain("Sends “git commit” to the coding agent");

    await click(agentButton());
    expect(send).toHaveBeenCalledWith("git commit");
    expect(find("commit-dialog")).toBeNull();
  });

  it("asks for 'git commit & git push' when the project has a remote", async () => {
    status = { ...status, hasRemote: true };
    const send = chatOpen(true);
    await openCommitDialog();
    expect(agentButton().textContent).toBe("Commit & push with agent");
    await click(agentButton());
    expect(send).toHaveBeenCalledWith("git commit & git push");
  });

  it("keeps the dialog open when the chat does not take the request (busy agent, lost control)", async () => {
    const send = chatOpen(true, false);
    await openCommitDialog();
    await click(agentButton());
    expect(send).toHaveBeenCalledTimes(1);
    expect(find("commit-dialog")).not.toBeNull();
  });

  it("is unavailable, with the reason, to a member who does not control the agent; the manual commit stays", async () => {
    const send = chatOpen(false);
    await openCommitDialog();
    const button = agentButton();
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.getAttribute("title")).toBe("Only the controller of the chat can ask the agent to commit");
    await click(button);
    expect(send).not.toHaveBeenCalled();

    await typeInto("commit-message", "Fix the header");
    await click("commit-submit");
    const commits = harness.calls.filter((c) => c.method === "POST" && c.path === `${base}/commit`);
    expect(commits.map((c) => c.body)).toEqual([{ message: "Fix the header" }]);
  });

  it("waits for the chat to connect before it can ask the agent", async () => {
    await openCommitDialog();
    expect(agentButton().getAttribute("aria-disabled")).toBe("true");
    expect(get("commit-agent-blocked").textContent).toBe("The chat is not connected yet");
  });

  it("waits while the virtual machine is being created", async () => {
    config = makeConfig({}, { status: "creating", available: false });
    const send = chatOpen(true);
    await openCommitDialog();
    expect(get("commit-agent-blocked").textContent).toBe("Virtual machine is being created...");
    await click(agentButton());
    expect(send).not.toHaveBeenCalled();
  });

  it("notes that a master branch switches to main on commit", async () => {
    status = { ...status, branch: "master" };
    chatOpen(true);
    await openCommitDialog();
    expect(get("commit-dialog").textContent).toContain("it will auto-switch to the main branch when committing");
  });
});
