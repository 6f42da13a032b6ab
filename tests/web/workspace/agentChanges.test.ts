// @vitest-environment happy-dom
import { act, createElement, Fragment } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Commit, FileContent, FileNode, GitStatus } from "../../../contract";
import { emitWorkspaceChanged } from "../../../web/app/realtime/workspaceEvents";
import { ExplorerPanel } from "../../../web/features/workspace/explorer/ExplorerPanel";
import { docKey, useDocumentsStore } from "../../../web/features/workspace/viewer/documents";
import { FileViewer } from "../../../web/features/workspace/viewer/FileViewer";
import { click, find, get, gitAnswer, makeConfig, makeProject, node, settle, startHarness, type Call, type Harness } from "./workspaceHarness";

// A project per test: the explorer keeps the trees it has seen (spec 03 §9), open folders included.
let PROJECT = "";
let base = "";
let projects = 0;

/** The project on the sandbox as the host would list it; tests change it the way the agent would. */
let tree: Record<string, FileNode[]>;
let files: Record<string, string>;
let status: Partial<GitStatus>;
let commits: Commit[];
let harness: Harness;

function route(call: Call): unknown {
  if (call.path === base) return makeProject(PROJECT);
  if (call.path === `${base}/config`) return makeConfig();
  if (call.path === `${base}/git-status`) return gitAnswer(status);
  if (call.path === `${base}/commits`) return { commits };
  if (call.path === `${base}/file-tree-lazy`) {
    const parent = call.query.get("parent_path") ?? "";
    return { path: parent, children: tree[parent] ?? [] };
  }
  if (call.path === `${base}/file-content` && call.method === "GET") {
    const filePath = call.query.get("filePath") ?? "";
    const content = files[filePath];
    if (content === undefined) return undefined;
    return {
      success: true,
      fileName: filePath.split("/").pop()!,
      filePath,
      size: content.length,
      mimeType: "text/plain",
      isText: true,
      encoding: "utf8",
      content,
      error: null,
    } satisfies FileContent;
  }
  if (call.path === `${base}/file-content` && call.method === "POST") {
    files[call.query.get("filePath") ?? ""] = (call.body as { file_content: string }).file_content;
    return { success: true };
  }
  return undefined;
}

const draft = (path: string) => useDocumentsStore.getState().get(docKey(PROJECT, path))?.draft;
const agentChanged = async (paths: string[], git = false, projectId = PROJECT) => {
  act(() => emitWorkspaceChanged({ type: "workspace_changed", chatId: "chat_1", projectId, paths, git }));
  await settle();
};

async function openWorkspaceWithFile(path: string) {
  await harness.showWorkspace(PROJECT, createElement(Fragment, null, createElement(ExplorerPanel, { onCollapse: () => undefined }), createElement(FileViewer)));
  await click("explorer-node-src");
  await click(`explorer-node-${path}`);
  await settle();
}

beforeEach(() => {
  projects += 1;
  PROJECT = `p_agent_${projects}`;
  base = `/api/coding-projects/${PROJECT}`;
  tree = { "": [node("src", "directory"), node("README.md")], src: [node("src/a.ts")] };
  files = { "src/a.ts": "export const a = 1;\n", "README.md": "# Launch\n" };
  status = {};
  commits = [{ hash: "1111111111aaaa", message: "First commit", author: "Ann Owner", date: "2025-01-01T00:00:00.000Z" }];
  harness = startHarness(route);
});

afterEach(() => harness.unmount());

describe("the workspace follows the coding agent's changes", () => {
  it("refreshes the tree keeping open folders, reloads the open file and the git section", async () => {
    await openWorkspaceWithFile("src/a.ts");
    expect(draft("src/a.ts")).toBe("export const a = 1;\n");
    expect(get("git-section").textContent).toContain("No changes");

    // The agent edits a.ts and creates two files, one inside the open folder.
    tree[""] = [...tree[""]!, node("notes.md")];
    tree.src = [node("src/a.ts"), node("src/b.ts")];
    files["src/a.ts"] = "export const a = 2;\n";
    status = { files: [{ filePath: "src/a.ts", status: "modified" }], hasChanges: true };
    await agentChanged(["src/a.ts", "src/b.ts", "notes.md"]);

    expect(find("explorer-node-notes.md")).not.toBeNull();
    expect(find("explorer-node-src/b.ts")).not.toBeNull();
    expect(draft("src/a.ts")).toBe("export const a = 2;\n");
    expect(get("git-changed-files").textContent).toContain("a.ts");
    expect(find("changed-on-disk")).toBeNull();
  });

  it("keeps unsaved edits when the agent changes the same file, and offers to reload it", async () => {
    await openWorkspaceWithFile("src/a.ts");
    act(() => useDocumentsStore.getState().edit(docKey(PROJECT, "src/a.ts"), "my edit\n"));

    files["src/a.ts"] = "agent version\n";
    await agentChanged(["src/a.ts"]);
    expect(draft("src/a.ts")).toBe("my edit\n");
    expect(get("changed-on-disk").textContent).toContain("The agent changed this file while you had unsaved edits");

    await click("changed-on-disk-reload");
    await settle();
    expect(draft("src/a.ts")).toBe("agent version\n");
    expect(find("changed-on-disk")).toBeNull();
  });

  it("saves the user's text when they keep their edits over the agent's", async () => {
    await openWorkspaceWithFile("src/a.ts");
    act(() => useDocumentsStore.getState().edit(docKey(PROJECT, "src/a.ts"), "mine\n"));
    files["src/a.ts"] = "agent version\n";
    await agentChanged(["src"]);
    expect(find("changed-on-disk")).not.toBeNull();

    await click("changed-on-disk-keep");
    await settle();
    const saves = harness.calls.filter((c) => c.method === "POST" && c.path === `${base}/file-content`);
    expect(saves.map((c) => c.body)).toEqual([{ file_content: "mine\n" }]);
    expect(files["src/a.ts"]).toBe("mine\n");
    expect(find("changed-on-disk")).toBeNull();
  });

  it("ignores changes to another project", async () => {
    await openWorkspaceWithFile("src/a.ts");
    const before = harness.calls.length;
    files["src/a.ts"] = "elsewhere\n";
    await agentChanged(["src/a.ts"], true, "p_other");
    expect(harness.calls.length).toBe(before);
    expect(draft("src/a.ts")).toBe("export const a = 1;\n");
  });

  it("shows the agent's commit in the open history", async () => {
    await openWorkspaceWithFile("src/a.ts");
    await click("git-commit-open");
    await click("commit-mode-history");
    expect(get("commit-history").textContent).toContain("First commit");

    commits = [{ hash: "2222222222bbbb", message: "Agent: add greeting", author: "Coding Agent", date: "2025-01-02T00:00:00.000Z" }, ...commits];
    await agentChanged([], true);
    expect(get("commit-history").textContent).toContain("Agent: add greeting");
  });
});
