import { describe, expect, it } from "vitest";
import { en } from "../../../web/i18n/en";
import { LAYOUT_MODE_KEY, PANEL_LIMITS, readLayoutMode, saveLayoutMode } from "../../../web/features/workspace/layout/layoutPrefs";
import { memoryStorage } from "../browserStubs";

describe("coding layout (spec 03 §2.1, §9)", () => {
  it("uses the spec's minimums and defaults", () => {
    expect(PANEL_LIMITS).toMatchObject({ chatMin: 400, workMin: 550, explorerMin: 250, viewerMin: 300, chatDefault: "38%", explorerDefault: "33%" });
  });

  it("remembers the layout mode, default first", () => {
    const storage = memoryStorage();
    expect(readLayoutMode(storage)).toBe("default");
    saveLayoutMode("chat-first", storage);
    expect(storage.getItem(LAYOUT_MODE_KEY)).toBe("chat-first");
    expect(readLayoutMode(storage)).toBe("chat-first");
    expect(readLayoutMode(memoryStorage({ [LAYOUT_MODE_KEY]: "weird" }))).toBe("default");
  });

  it("keeps the toolbar's spec texts", () => {
    expect(en.workspace.projects.addProject).toBe("Add Project");
    expect(en.workspace.projects.importGithub).toBe("Import GitHub Repo");
    expect(en.workspace.projects.selectProject).toBe("Select Project");
    expect(en.workspace.projects.pleaseSelect).toBe("Please select a project");
    expect(en.workspace.projects.noProjects).toBe("No projects found");
    expect(en.workspace.projects.noMatching).toBe("No matching projects found");
    expect(en.workspace.projects.title).toBe("Coding Projects");
    expect(en.workspace.terminalDenied).toBe("Only chat owner or presenter can access");
    expect(en.workspace.explorer.title).toBe("Contents");
    expect(en.workspace.explorer.noFiles).toBe("No files in this project");
    expect(en.workspace.explorer.noProject).toBe("No project selected");
    expect(en.workspace.explorer.uploading).toBe("Uploading...");
    expect(en.workspace.explorer.uploadFailed).toBe("Upload Failed");
    expect(en.workspace.services.title).toBe("Service Status");
  });
});
