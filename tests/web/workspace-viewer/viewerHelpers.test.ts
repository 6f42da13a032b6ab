import { describe, expect, it } from "vitest";
import type { GitStatusAnswer } from "../../../contract/workspace";
import { terminalErrorText } from "../../../web/features/workspace/terminal/texts";
import { countChanges, DEFAULT_GIT_STATUS, gitStatusKey, normalizeGitStatus, statusOf } from "../../../web/features/workspace/viewer/gitStatus";
import { safePreviewUrl } from "../../../web/features/workspace/viewer/previewUrl";
import { selectionLines } from "../../../web/features/workspace/viewer/selection";
import { en } from "../../../web/i18n/en";
import { zh } from "../../../web/i18n/zh";

describe("git status as the viewer reads it", () => {
  const answer: GitStatusAnswer = {
    success: true,
    error: null,
    status: {
      branch: "dev",
      hasChanges: true,
      hasRemote: false,
      files: [
        { filePath: "src/a.ts", status: "modified" },
        { filePath: "new.ts", status: "untracked" },
        { filePath: "b.ts", status: "added" },
        { filePath: "old.ts", status: "deleted" },
        { filePath: "moved.ts", status: "renamed" },
      ],
    },
  };

  it("uses the explorer's SWR key", () => {
    expect(gitStatusKey("p1")).toBe("/api/coding-projects/p1/git-status");
  });

  it("falls back to branch main when the status failed or is missing", () => {
    expect(normalizeGitStatus(undefined)).toEqual(DEFAULT_GIT_STATUS);
    expect(normalizeGitStatus({ ...answer, success: false })).toEqual({ branch: "main", files: [], hasChanges: false, hasRemote: false });
    expect(normalizeGitStatus({ ...answer, status: { ...answer.status, branch: "" } }).branch).toBe("main");
  });

  it("counts modified, added (with untracked) and deleted files", () => {
    expect(countChanges(normalizeGitStatus(answer).files)).toEqual({ modified: 2, added: 2, deleted: 1 });
  });

  it("finds a file's status whatever the path prefix", () => {
    const status = normalizeGitStatus(answer);
    expect(statusOf(status, "/src/a.ts")).toBe("modified");
    expect(statusOf(status, "./new.ts")).toBe("untracked");
    expect(statusOf(status, "clean.ts")).toBeNull();
  });
});

describe("selection lines of a file reference", () => {
  it("is 1-based and inclusive", () => {
    expect(selectionLines(3, 7, 5)).toEqual({ start: 3, end: 7 });
    expect(selectionLines(4, 4, 2)).toEqual({ start: 4, end: 4 });
  });

  it("leaves out a last line selected only up to its start", () => {
    expect(selectionLines(3, 8, 0)).toEqual({ start: 3, end: 7 });
    expect(selectionLines(3, 3, 0)).toEqual({ start: 3, end: 3 });
  });
});

describe("preview tab URL", () => {
  it("accepts web pages only", () => {
    expect(safePreviewUrl("https://app.example.dev/x", "http://localhost/")).toBe("https://app.example.dev/x");
    expect(safePreviewUrl("/preview/3000", "http://localhost/")).toBe("http://localhost/preview/3000");
    expect(safePreviewUrl("javascript:alert(1)", "http://localhost/")).toBeNull();
    expect(safePreviewUrl("data:text/html,hi", "http://localhost/")).toBeNull();
    expect(safePreviewUrl(null)).toBeNull();
  });
});

describe("terminal error texts (spec 03 §8 Terminal)", () => {
  const translate = (messages: typeof en) => (key: string, options?: Record<string, string>) => {
    const value = key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages) as string;
    return value.replace(/{{(\w+)}}/g, (_, name: string) => options?.[name] ?? "");
  };

  it("keeps the spec's English wording", () => {
    const t = translate(en);
    expect(terminalErrorText("VM is stopped. Terminal is temporarily unavailable.", t)).toBe("VM is stopped. Terminal is temporarily unavailable.");
    expect(terminalErrorText("No available sandbox for this project", t)).toBe("No available sandbox for this project");
    expect(en.workspaceViewer.terminal.waiting).toBe("Waiting for sandbox environment to initialize...");
    expect(en.workspaceViewer.terminal.pressEnter).toBe("Press Enter to reconnect...");
    expect(en.workspaceViewer.editor.readOnly).toBe(
      "This file is in read-only mode and cannot be edited. Please contact the project administrator for editing permissions.",
    );
  });

  it("translates the known server texts and passes others through", () => {
    const t = translate(zh as typeof en);
    expect(terminalErrorText("VM is restarting. Terminal is temporarily unavailable.", t)).toBe("虚拟机状态为 restarting，终端暂时不可用。");
    expect(terminalErrorText("WebSocket connection error", t)).toBe("WebSocket 连接错误");
    expect(terminalErrorText("Only chat owner or presenter can access", t)).toBe("仅聊天所有者或主持人可以访问");
    expect(terminalErrorText("Something new", t)).toBe("Something new");
  });
});
