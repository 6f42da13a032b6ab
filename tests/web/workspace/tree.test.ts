import { describe, expect, it } from "vitest";
import type { FileNode, GitFileStatus } from "../../../contract";
import {
  isHiddenNode,
  mergeRefresh,
  statusIndex,
  treeKeyAction,
  uploadFolder,
  visibleRows,
  withFolder,
  type Folders,
} from "../../../web/features/workspace/explorer/treeModel";

const file = (path: string, extra: Partial<FileNode> = {}): FileNode => ({
  id: path,
  name: path.split("/").pop() ?? path,
  path,
  type: "file",
  size: 1,
  lastModified: "2024-01-01T00:00:00Z",
  isHidden: false,
  ...extra,
});
const dir = (path: string, extra: Partial<FileNode> = {}) => file(path, { type: "directory", size: 0, ...extra });
const loaded = (children: FileNode[]) => ({ children, loading: false, error: null });
const noStatus = new Map<string, GitFileStatus>();
const paths = (folders: Folders, expanded: Set<string>, query = "", showHidden = false) =>
  visibleRows(folders, expanded, { showHidden, query, statuses: noStatus }).map((row) => row.node.path);

const folders: Folders = {
  "": loaded([dir("src"), dir("node_modules"), file(".env"), file("README.md")]),
  src: loaded([dir("src/lib"), file("src/main.ts")]),
  "src/lib": loaded([file("src/lib/util.ts")]),
};

describe("tree rows", () => {
  it("shows expanded folders depth first and hides hidden files", () => {
    expect(paths(folders, new Set(["src"]))).toEqual(["src", "src/lib", "src/main.ts", "README.md"]);
    expect(paths(folders, new Set(["src", "src/lib"]))).toContain("src/lib/util.ts");
  });

  it("shows hidden files when asked", () => {
    expect(paths(folders, new Set(), "", true)).toEqual(["src", "node_modules", ".env", "README.md"]);
    expect(isHiddenNode({ name: "vendor", isHidden: false })).toBe(true);
    expect(isHiddenNode({ name: "app", isHidden: true })).toBe(true);
  });

  it("searches loaded nodes and opens the folders that hold matches", () => {
    expect(paths(folders, new Set(), "util")).toEqual(["src", "src/lib", "src/lib/util.ts"]);
    expect(paths(folders, new Set(), "nothing")).toEqual([]);
  });

  it("colours files from git status and marks folders with changes", () => {
    const statuses = statusIndex([
      { filePath: "src/main.ts", status: "modified" },
      { filePath: "./README.md", status: "added" },
    ]);
    const rows = visibleRows(folders, new Set(["src"]), { showHidden: false, query: "", statuses });
    expect(rows.find((r) => r.node.path === "src/main.ts")?.status).toBe("modified");
    expect(rows.find((r) => r.node.path === "README.md")?.status).toBe("added");
    expect(rows.find((r) => r.node.path === "src")?.changedInside).toBe(true);
    expect(rows.find((r) => r.node.path === "src/lib")?.changedInside).toBe(false);
  });
});

describe("refresh merge (spec 03 §4: a refresh keeps expanded nodes)", () => {
  it("keeps folders that still exist expanded, with fresh children", () => {
    const result = mergeRefresh(new Set(["src", "src/lib"]), {
      "": [file("README.md"), dir("src")],
      src: [dir("src/lib"), file("src/new.ts")],
      "src/lib": [file("src/lib/util.ts")],
    });
    expect([...result.expanded].sort()).toEqual(["src", "src/lib"]);
    expect(result.folders[""]?.children?.map((n) => n.path)).toEqual(["src", "README.md"]);
    expect(paths(result.folders, result.expanded)).toEqual(["src", "src/lib", "src/lib/util.ts", "src/new.ts", "README.md"]);
  });

  it("drops folders that were deleted or whose parent vanished", () => {
    const result = mergeRefresh(new Set(["src", "src/lib", "gone"]), {
      "": [dir("other")],
      "src/lib": [file("src/lib/util.ts")],
    });
    expect([...result.expanded]).toEqual([]);
  });

  it("drops a folder that failed to reload", () => {
    const result = mergeRefresh(new Set(["src"]), { "": [dir("src")] });
    expect(result.expanded.has("src")).toBe(false);
  });

  it("updates one folder without touching others", () => {
    const next = withFolder(folders, "src", { loading: true });
    expect(next.src?.loading).toBe(true);
    expect(next.src?.children).toBe(folders.src?.children);
    expect(next[""]).toBe(folders[""]);
  });
});

describe("keyboard navigation", () => {
  const rows = visibleRows(folders, new Set(["src"]), { showHidden: false, query: "", statuses: noStatus });

  it("moves with the arrows and Home/End", () => {
    expect(treeKeyAction(rows, "src", "ArrowDown")).toEqual({ focus: "src/lib" });
    expect(treeKeyAction(rows, "src/lib", "ArrowUp")).toEqual({ focus: "src" });
    expect(treeKeyAction(rows, "src", "End")).toEqual({ focus: "README.md" });
    expect(treeKeyAction(rows, "README.md", "Home")).toEqual({ focus: "src" });
    expect(treeKeyAction(rows, null, "ArrowDown")).toEqual({ focus: "src" });
  });

  it("opens, enters, closes and leaves folders", () => {
    expect(treeKeyAction(rows, "src/lib", "ArrowRight")).toEqual({ expand: "src/lib" });
    expect(treeKeyAction(rows, "src", "ArrowRight")).toEqual({ focus: "src/lib" });
    expect(treeKeyAction(rows, "src", "ArrowLeft")).toEqual({ collapse: "src" });
    expect(treeKeyAction(rows, "src/main.ts", "ArrowLeft")).toEqual({ focus: "src" });
    expect(treeKeyAction(rows, "src/main.ts", "Enter")).toEqual({ open: "src/main.ts" });
  });

  it("uploads into the selected folder or the selected file's folder", () => {
    expect(uploadFolder(null)).toBe("");
    expect(uploadFolder({ path: "src/lib", type: "directory" })).toBe("src/lib");
    expect(uploadFolder({ path: "src/main.ts", type: "file" })).toBe("src");
    expect(uploadFolder({ path: "README.md", type: "file" })).toBe("");
  });
});
