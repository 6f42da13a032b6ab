import { describe, expect, it } from "vitest";
import { MAX_TABS } from "../../../contract/workspace";
import { createTabsStore, fileTabId, normalizePath, previewTabId } from "../../../web/features/workspace/viewer/tabsStore";

type Store = ReturnType<typeof createTabsStore>;

const paths = (store: Store) => store.getState().tabs.map((t) => t.filePath || t.previewUrl);
const active = (store: Store) => store.getState().tabs.find((t) => t.id === store.getState().activeId)?.filePath ?? null;

function withFiles(...files: string[]): Store {
  const store = createTabsStore();
  for (const file of files) store.getState().openFile("p1", file);
  return store;
}

describe("tabs store (spec 03 §4 Tabs)", () => {
  it("opens a file as the active tab with its file name", () => {
    const store = withFiles("src/app.ts");
    const [tab] = store.getState().tabs;
    expect(tab).toMatchObject({ id: fileTabId("src/app.ts"), type: "file", fileName: "app.ts", filePath: "src/app.ts", diff: false });
    expect(store.getState()).toMatchObject({ projectId: "p1", activeId: tab!.id });
  });

  it("keeps at most 10 tabs: an 11th drops the oldest", () => {
    const files = Array.from({ length: MAX_TABS + 1 }, (_, i) => `f${i}.ts`);
    const store = withFiles(...files);
    expect(store.getState().tabs).toHaveLength(MAX_TABS);
    expect(paths(store)).toEqual(files.slice(1));
    expect(active(store)).toBe(`f${MAX_TABS}.ts`);
  });

  it("activates the existing tab for the same path instead of opening another", () => {
    const store = withFiles("a.ts", "b.ts");
    store.getState().openFile("p1", "a.ts");
    expect(paths(store)).toEqual(["a.ts", "b.ts"]);
    expect(active(store)).toBe("a.ts");
    store.getState().openFile("p1", "./b.ts");
    expect(store.getState().tabs).toHaveLength(2);
    expect(active(store)).toBe("b.ts");
  });

  it("updates the line to reveal and the diff flag of a re-opened tab", () => {
    const store = withFiles("a.ts");
    store.getState().openFile("p1", "a.ts", { lineNumber: 12, diff: true });
    store.getState().openFile("p1", "a.ts", { lineNumber: 12, diff: true });
    expect(store.getState().tabs[0]).toMatchObject({ lineNumber: 12, diff: true, revealSeq: 2 });
    store.getState().openFile("p1", "a.ts");
    expect(store.getState().tabs[0]).toMatchObject({ lineNumber: 12, diff: false, revealSeq: 2 });
  });

  it("closing the active tab activates its right neighbour, or the left one at the end", () => {
    const store = withFiles("a.ts", "b.ts", "c.ts");
    store.getState().activate(fileTabId("b.ts"));
    store.getState().close(fileTabId("b.ts"));
    expect(active(store)).toBe("c.ts");
    store.getState().close(fileTabId("c.ts"));
    expect(active(store)).toBe("a.ts");
    store.getState().close(fileTabId("a.ts"));
    expect(store.getState().activeId).toBeNull();
  });

  it("closing an inactive tab keeps the active one", () => {
    const store = withFiles("a.ts", "b.ts", "c.ts");
    store.getState().close(fileTabId("a.ts"));
    expect(active(store)).toBe("c.ts");
  });

  it("closes others and all", () => {
    const store = withFiles("a.ts", "b.ts", "c.ts");
    store.getState().closeOthers(fileTabId("a.ts"));
    expect(paths(store)).toEqual(["a.ts"]);
    expect(active(store)).toBe("a.ts");
    store.getState().closeAll();
    expect(store.getState()).toMatchObject({ tabs: [], activeId: null, projectId: "p1" });
  });

  it("resets the tabs when the project changes", () => {
    const store = withFiles("a.ts", "b.ts");
    store.getState().setProject("p1");
    expect(store.getState().tabs).toHaveLength(2);
    store.getState().setProject("p2");
    expect(store.getState()).toMatchObject({ projectId: "p2", tabs: [], activeId: null });
    store.getState().openFile("p1", "a.ts");
    store.getState().openFile("p3", "z.ts");
    expect(store.getState().projectId).toBe("p3");
    expect(paths(store)).toEqual(["z.ts"]);
  });

  it("sets the refresh flag of every open tab of the project and clears it per tab", () => {
    const store = withFiles("a.ts", "b.ts");
    store.getState().refreshOpenFiles("other");
    expect(store.getState().tabs.every((t) => !t.shouldRefresh)).toBe(true);
    store.getState().refreshOpenFiles("p1");
    expect(store.getState().tabs.every((t) => t.shouldRefresh)).toBe(true);
    store.getState().clearRefresh(fileTabId("a.ts"));
    expect(store.getState().tabs.map((t) => t.shouldRefresh)).toEqual([false, true]);
  });

  it("reloads the tabs of files the agent changed, and of files inside a changed folder, keeping edits", () => {
    const store = withFiles("src/a.ts", "src/lib/b.ts", "srcx/c.ts", "README.md");
    store.getState().openPreview("p1", "https://app-3000.example.dev/");
    store.getState().filesChanged("other", ["README.md"]);
    expect(store.getState().tabs.some((t) => t.shouldRefresh)).toBe(false);
    store.getState().filesChanged("p1", ["./src/a.ts", "src/lib"]);
    const flagged = store.getState().tabs.filter((t) => t.shouldRefresh);
    expect(flagged.map((t) => t.filePath)).toEqual(["src/a.ts", "src/lib/b.ts"]);
    expect(flagged.every((t) => t.keepEdits)).toBe(true);
  });

  it("reloads every diff tab after the agent commits (HEAD moved)", () => {
    const store = withFiles("a.ts");
    store.getState().openFile("p1", "b.ts", { diff: true });
    store.getState().filesChanged("p1", [], true);
    expect(store.getState().tabs.map((t) => t.shouldRefresh)).toEqual([false, true]);
  });

  it("keeps a pending user refresh one that replaces edits when the agent's change arrives too", () => {
    const store = withFiles("a.ts");
    store.getState().refreshOpenFiles("p1");
    store.getState().filesChanged("p1", ["a.ts"]);
    expect(store.getState().tabs[0]).toMatchObject({ shouldRefresh: true, keepEdits: false });
    store.getState().clearRefresh(fileTabId("a.ts"));
    store.getState().filesChanged("p1", ["a.ts"]);
    expect(store.getState().tabs[0]).toMatchObject({ shouldRefresh: true, keepEdits: true });
    store.getState().refreshOpenFiles("p1");
    expect(store.getState().tabs[0]).toMatchObject({ shouldRefresh: true, keepEdits: false });
  });

  it("reloads again when a change arrives while a reload runs", () => {
    const store = withFiles("a.ts");
    store.getState().filesChanged("p1", ["a.ts"]);
    const started = store.getState().tabs[0]!.refreshSeq;
    store.getState().filesChanged("p1", ["a.ts"]);
    store.getState().clearRefresh(fileTabId("a.ts"), started);
    expect(store.getState().tabs[0]!.shouldRefresh).toBe(true);
    store.getState().clearRefresh(fileTabId("a.ts"), store.getState().tabs[0]!.refreshSeq);
    expect(store.getState().tabs[0]!.shouldRefresh).toBe(false);
  });

  it("marks and clears a change on disk per tab", () => {
    const store = withFiles("a.ts", "b.ts");
    store.getState().setChangedOnDisk(fileTabId("b.ts"), true);
    expect(store.getState().tabs.map((t) => t.changedOnDisk)).toEqual([false, true]);
    store.getState().setChangedOnDisk(fileTabId("b.ts"), false);
    expect(store.getState().tabs.every((t) => !t.changedOnDisk)).toBe(true);
  });

  it("opens a preview tab once per URL; opening it again asks for a reload", () => {
    const store = withFiles("a.ts");
    store.getState().openPreview("p1", "https://app-3000.example.dev/");
    store.getState().openPreview("p1", "https://app-3000.example.dev/");
    const previews = store.getState().tabs.filter((t) => t.type === "preview");
    expect(previews).toHaveLength(1);
    expect(previews[0]).toMatchObject({ id: previewTabId("https://app-3000.example.dev/"), fileName: "app-3000.example.dev", shouldRefresh: true });
    expect(store.getState().activeId).toBe(previews[0]!.id);
  });

  it("notifies subscribers and stops after unsubscribe", () => {
    const store = createTabsStore();
    let calls = 0;
    const stop = store.subscribe(() => (calls += 1));
    store.getState().openFile("p1", "a.ts");
    stop();
    store.getState().openFile("p1", "b.ts");
    expect(calls).toBe(1);
  });

  it("normalises paths from the explorer and from git alike", () => {
    expect(normalizePath("./src/a.ts")).toBe("src/a.ts");
    expect(normalizePath("/src/a.ts")).toBe("src/a.ts");
    expect(normalizePath("src\\a.ts")).toBe("src/a.ts");
  });
});

describe("the analysis tab (spec 03 §2.4)", () => {
  it("opens beside the file's own tab, once per file, and resets with the project", () => {
    const store = createTabsStore();
    store.getState().openFile("p1", "talks/standup.mp3");
    store.getState().openAnalysis("p1", "talks/standup.mp3");
    store.getState().openAnalysis("p1", "./talks/standup.mp3");
    const { tabs, activeId } = store.getState();
    expect(tabs.map((t) => [t.id, t.type, t.fileName])).toEqual([
      ["file:talks/standup.mp3", "file", "standup.mp3"],
      ["analysis:talks/standup.mp3", "analysis", "standup.mp3"],
    ]);
    expect(activeId).toBe("analysis:talks/standup.mp3");
    store.getState().setProject("p2");
    expect(store.getState().tabs).toEqual([]);
  });
});
