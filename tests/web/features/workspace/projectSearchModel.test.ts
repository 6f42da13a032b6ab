// The project search bar's rules without a page (spec 02 §5, §9): limits, merging and grouping,
// keyboard movement, match excerpts, and the local file cache (10 projects, 24 hours).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ListedFile, ProjectSearchAnswer } from "../../../../contract";
import { resetClient } from "../../../../web/app/api/client";
import { cachedFiles, cachedProjects, clearFileCache, filesFor, forgetFiles, loadFiles } from "../../../../web/features/workspace/search/fileCache";
import {
  DEFAULT_OPTIONS,
  PROJECT_SEARCH,
  excerpt,
  flatten,
  matchCachedFiles,
  mergeResults,
  moveActive,
  remoteScopes,
  resultCount,
} from "../../../../web/features/workspace/search/searchModel";
import { stubApi, type Call } from "../../api-stub";

const listed = (path: string, isHidden = false): ListedFile => ({ name: path.split("/").pop() ?? path, path, type: "file", isHidden });

describe("limits (spec 02 §9)", () => {
  it("uses the spec's numbers", () => {
    expect(PROJECT_SEARCH).toEqual({
      minChars: 2,
      debounceMs: 300,
      maxResults: 15,
      localFileMax: 50,
      maxFileSize: 1048576,
      cacheProjects: 10,
      cacheTtlMs: 24 * 60 * 60 * 1000,
    });
  });
});

describe("merging and grouping", () => {
  const remote: ProjectSearchAnswer = {
    success: true,
    totalResults: 4,
    results: {
      files: [
        { name: "a.ts", path: "src/a.ts", type: "file", size: 1, lastModified: "" },
        { name: "lib", path: "src/lib", type: "directory", size: 0, lastModified: "" },
        { name: "b.ts", path: "src/b.ts", type: "file", size: 1, lastModified: "" },
      ],
      content: [{ filePath: "src/a.ts", lineNumber: 4, line: "a()", column: 0, matchLength: 1 }],
      symbols: [{ symbolName: "a", fileName: "a.ts", filePath: "src/a.ts", lineNumber: 1, preview: "function a() {}" }],
    },
    stats: { symbolsFound: 1, contentMatches: 1, filesFound: 3, filesScanned: 2 },
    errors: [],
  };

  it("keeps local names first, adds the server's files once each, and leaves folders out", () => {
    const local = matchCachedFiles([listed("src/a.ts")], "a", DEFAULT_OPTIONS);
    const groups = mergeResults(local, remote);
    expect(groups.files.map((f) => f.path)).toEqual(["src/a.ts", "src/b.ts"]);
    expect(resultCount(groups)).toBe(4);
    expect(flatten(groups).map((i) => i.kind)).toEqual(["file", "file", "symbol", "content"]);
    // A symbol without a column selects its name's length once the line is found.
    expect(groups.symbols[0]).toMatchObject({ line: 1, column: null, length: 1 });
  });

  it("caps local file names at 50, ranks names starting with the query first, and hides hidden files unless asked", () => {
    const many = Array.from({ length: 80 }, (_, i) => listed(`pkg/item${i}.ts`));
    expect(matchCachedFiles(many, "item", DEFAULT_OPTIONS)).toHaveLength(50);
    const files = [listed("deep/nested/my-widget.ts"), listed("widget.ts"), listed("src/widget-store.ts"), listed(".widget", true)];
    expect(matchCachedFiles(files, "widget", DEFAULT_OPTIONS)?.map((f) => f.path)).toEqual(["widget.ts", "src/widget-store.ts", "deep/nested/my-widget.ts"]);
    expect(matchCachedFiles(files, "widget", { ...DEFAULT_OPTIONS, includeHidden: true })?.map((f) => f.path)).toContain(".widget");
    expect(matchCachedFiles(files, "Widget", { ...DEFAULT_OPTIONS, caseSensitive: true })).toEqual([]);
    expect(matchCachedFiles(files, "(", { ...DEFAULT_OPTIONS, regex: true })).toBeNull();
  });

  it("asks the server for names only when the cached list is incomplete", () => {
    expect(remoteScopes(DEFAULT_OPTIONS, true)).toEqual(["content", "symbols"]);
    expect(remoteScopes(DEFAULT_OPTIONS, false)).toEqual(["files", "content", "symbols"]);
    expect(remoteScopes({ ...DEFAULT_OPTIONS, scopes: { files: true, symbols: false, content: false } }, true)).toEqual([]);
  });
});

describe("keyboard movement", () => {
  it("wraps at both ends and starts from either end", () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });
});

describe("match excerpts", () => {
  it("marks the match and cuts long lines around it", () => {
    expect(excerpt("  return widget;", 9, 6)).toEqual({ before: "return ", match: "widget", after: ";" });
    const long = `${"a".repeat(300)}NEEDLE${"b".repeat(300)}`;
    const cut = excerpt(long, 300, 6);
    expect(cut.match).toBe("NEEDLE");
    expect(cut.before.startsWith("…")).toBe(true);
    expect(cut.after.endsWith("…")).toBe(true);
    expect(cut.before.length + cut.match.length + cut.after.length).toBeLessThan(130);
  });

  it("shows the line's start when the match lies beyond the text the server sent", () => {
    expect(excerpt("\tconst x = 1;", 900, 3)).toEqual({ before: "const x = 1;", match: "", after: "" });
    expect(excerpt("\tfoo(bar)", 5, 3)).toEqual({ before: "foo(", match: "bar", after: ")" });
  });
});

describe("the local file cache", () => {
  let calls: Call[];
  beforeEach(() => {
    resetClient();
    clearFileCache();
    calls = stubApi(
      (call) => ({ files: [listed(`${call.path.split("/")[3]}.ts`)], total: 1, truncated: false }),
      (_answer): _answer is { status: number; error: string } => false,
    );
  });
  afterEach(() => vi.useRealTimers());

  it("reads a project's list once, and again after the agent changed its files", async () => {
    await filesFor("p1", false);
    await filesFor("p1", false);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query.get("include_metadata")).toBe("false");
    forgetFiles("p1");
    await filesFor("p1", false);
    expect(calls).toHaveLength(2);
  });

  it("keeps 10 projects, dropping the least recently used", async () => {
    for (let i = 1; i <= 10; i++) await filesFor(`p${i}`, false);
    await filesFor("p1", false); // p1 is now the most recently used
    await filesFor("p11", false);
    expect(cachedProjects()).toHaveLength(10);
    expect(cachedProjects()).not.toContain("p2");
    expect(cachedProjects()).toContain("p1");
  });

  it("forgets a list after 24 hours", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await loadFiles("p1", false);
    expect(cachedFiles("p1", false)).not.toBeNull();
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1);
    expect(cachedFiles("p1", false)).toBeNull();
    await filesFor("p1", false);
    expect(calls).toHaveLength(2);
  });
});
