// @vitest-environment happy-dom
// The workspace's project search bar (spec 02 §2.9, §5, §8, §9) rendered for real against a fetch
// that answers like the Worker: grouping with counts, the debounce, the keyboard, opening a result
// in the editor at its line, and the empty and failure states.
import { EditorView } from "@codemirror/view";
import i18n from "i18next";
import { act, createElement, Fragment } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FileContent, ListedFile, ProjectSearchAnswer } from "../../../../contract";
import { clearFileCache } from "../../../../web/features/workspace/search/fileCache";
import { forgetSearchOptions } from "../../../../web/features/workspace/search/useProjectSearch";
import { ProjectSearchBar } from "../../../../web/features/workspace/search/ProjectSearchBar";
import { FileViewer } from "../../../../web/features/workspace/viewer/FileViewer";
import { useTabsStore } from "../../../../web/features/workspace/viewer/tabsStore";
import {
  click,
  fail,
  find,
  get,
  gitAnswer,
  makeConfig,
  makeProject,
  settle,
  startHarness,
  typeInto,
  type Call,
  type Harness,
} from "../../workspace/workspaceHarness";

let PROJECT = "";
let base = "";
let projects = 0;
let harness: Harness;
let opened = 0;

const listed = (path: string, isHidden = false): ListedFile => ({ name: path.split("/").pop() ?? path, path, type: "file", isHidden });
let fileList: ListedFile[];
let searchAnswer: ProjectSearchAnswer | { error: string; status: number };
const FILES: Record<string, string> = {
  "src/widget.ts": "import x from 'y';\nexport function renderWidget() {\n  return 'the widget';\n}\n",
};

function answer(results: Partial<ProjectSearchAnswer["results"]>): ProjectSearchAnswer {
  const full = { files: [], content: [], symbols: [], ...results };
  return {
    success: true,
    totalResults: full.files.length + full.content.length + full.symbols.length,
    results: full,
    stats: { symbolsFound: full.symbols.length, contentMatches: full.content.length, filesFound: full.files.length, filesScanned: 3, truncated: false },
    errors: [],
  };
}

const WIDGET_ANSWER = answer({
  symbols: [
    {
      symbolName: "renderWidget",
      fileName: "widget.ts",
      filePath: "src/widget.ts",
      lineNumber: 2,
      preview: "export function renderWidget() {",
      column: 16,
      matchLength: 12,
    },
  ],
  content: [
    { filePath: "src/widget.ts", lineNumber: 2, line: "export function renderWidget() {", column: 22, matchLength: 6 },
    { filePath: "src/widget.ts", lineNumber: 3, line: "  return 'the widget';", column: 14, matchLength: 6 },
  ],
});

function route(call: Call): unknown {
  if (call.path === base) return makeProject(PROJECT);
  if (call.path === `${base}/config`) return makeConfig();
  if (call.path === `${base}/git-status`) return gitAnswer();
  if (call.path === `${base}/file-list`) {
    const hidden = call.query.get("include_hidden") === "true";
    return { files: fileList.filter((f) => hidden || !f.path.startsWith("node_modules/")), total: fileList.length, truncated: false };
  }
  if (call.path === `/api/v2/coding-projects/${PROJECT}/search`) {
    // Like the host: only the groups asked for.
    if ("error" in searchAnswer) return searchAnswer;
    const asked = new Set((call.body as { searchTypes: string[] }).searchTypes);
    const { files, content, symbols } = searchAnswer.results;
    return answer({ files: asked.has("files") ? files : [], content: asked.has("content") ? content : [], symbols: asked.has("symbols") ? symbols : [] });
  }
  if (call.path === `${base}/file-content`) {
    const filePath = call.query.get("filePath") ?? "";
    const content = FILES[filePath] ?? "";
    return {
      success: true,
      fileName: filePath,
      filePath,
      size: content.length,
      mimeType: "text/plain",
      isText: true,
      encoding: "utf8",
      content,
      error: null,
    } satisfies FileContent;
  }
  return undefined;
}

const searches = () => harness.calls.filter((c) => c.path.endsWith("/search"));
const items = () => [...document.querySelectorAll<HTMLElement>('[data-testid="project-search-item"]')];
const activeText = () => document.querySelector('[role="option"][aria-selected="true"]')?.textContent ?? null;
const headings = () => [...document.querySelectorAll(".pss__heading")].map((h) => h.textContent);

async function until<T>(probe: () => T | null | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = probe();
    if (value) return value;
    await settle(1);
  }
  throw new Error(`never happened: ${what}`);
}

async function press(key: string) {
  const input = get("project-search-input");
  await act(async () => {
    input.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
  });
  await settle(1);
}

async function openBar() {
  await harness.showWorkspace(
    PROJECT,
    createElement(Fragment, null, createElement(ProjectSearchBar, { onOpened: () => (opened += 1) }), createElement(FileViewer)),
  );
  await click("project-search-open");
}

async function searchFor(query: string) {
  await typeInto("project-search-input", query);
  await until(
    () => find("project-search-results") && !find("project-search-results")?.hasAttribute("data-stale") && searches().length > 0,
    `results for ${query}`,
  );
  await settle(2);
}

beforeEach(() => {
  projects += 1;
  PROJECT = `p_search_${projects}`;
  base = `/api/coding-projects/${PROJECT}`;
  fileList = [listed("src/widget.ts"), listed("docs/widgets.md"), listed("README.md"), listed(".widgetrc", true), listed("node_modules/widget/index.js")];
  searchAnswer = WIDGET_ANSWER;
  opened = 0;
  clearFileCache();
  forgetSearchOptions();
  harness = startHarness(route);
});

afterEach(async () => {
  harness.unmount();
  await i18n.changeLanguage("en");
});

describe("the project search bar", () => {
  it("groups Files, Symbols and Content with their counts, names from the cached file list and the rest from the server, once per pause in typing", async () => {
    await openBar();
    for (const partial of ["w", "wi", "wid", "widg"]) await typeInto("project-search-input", partial);
    await searchFor("widget");

    expect(headings()).toEqual(["Files (2)", "Symbols (1)", "Content (2)"]);
    expect(items().map((el) => el.dataset.kind)).toEqual(["file", "file", "symbol", "content", "content"]);
    // Files starting with the query first; hidden files and heavy folders left out.
    expect(items()[0]?.textContent).toBe("widget.tssrc");
    expect(items()[1]?.textContent).toBe("widgets.mddocs");
    expect(items()[4]?.querySelector("mark")?.textContent).toBe("widget");

    // The intermediate queries were never sent: one search, for content and symbols only.
    expect(searches().map((c) => (c.body as { query: string }).query)).toEqual(["widget"]);
    expect(searches()[0]?.body).toEqual({
      query: "widget",
      searchTypes: ["content", "symbols"],
      caseSensitive: false,
      includeHidden: false,
      maxResults: 15,
      symbolOptions: { fuzzyMatch: false },
      contentOptions: { wholeWord: false, regex: false, maxFileSize: 1048576 },
    });
    const lists = harness.calls.filter((c) => c.path.endsWith("/file-list"));
    expect(lists.length).toBeGreaterThan(0);
    expect(lists.every((c) => c.query.get("include_metadata") === "false")).toBe(true);
  });

  it("asks nothing for fewer than 2 characters", async () => {
    await openBar();
    await typeInto("project-search-input", "w");
    await settle(25);
    expect(get("project-search").textContent).toContain("Type at least 2 characters to search");
    expect(searches()).toEqual([]);
    expect(items()).toEqual([]);
  });

  it("moves through every group with the arrow keys, wrapping, and opens the active result at its line with the match selected", async () => {
    await openBar();
    await searchFor("widget");
    expect(activeText()).toBe("widget.tssrc");
    await press("ArrowUp");
    expect(activeText()).toContain("src/widget.ts, line 3");
    await press("ArrowDown");
    await press("ArrowDown");
    await press("ArrowDown");
    expect(activeText()).toContain("renderWidget");
    await press("ArrowDown");
    expect(activeText()).toContain("src/widget.ts, line 2");
    expect(get("project-search-input").getAttribute("aria-activedescendant")).toBe(document.querySelector('[aria-selected="true"]')?.id);

    await press("Enter");
    expect(find("project-search")).toBeNull();
    expect(opened).toBe(1);
    const tab = useTabsStore.getState().tabs.find((t) => t.filePath === "src/widget.ts");
    expect(tab).toMatchObject({ lineNumber: 2, match: { column: 22, length: 6 } });

    // The editor shows the file with the match selected.
    const content = await until(() => document.querySelector<HTMLElement>(".cm-content"), "the editor");
    const view = EditorView.findFromDOM(content);
    await until(() => view && view.state.doc.length > 0 && !view.state.selection.main.empty, "the selection");
    const { from, to } = view!.state.selection.main;
    expect(view!.state.sliceDoc(from, to)).toBe("Widget");
    expect(view!.state.doc.lineAt(from).number).toBe(2);
  });

  it("opens a file name result at its start, and a click opens too", async () => {
    await openBar();
    await searchFor("widget");
    await click(items()[1]!);
    expect(find("project-search")).toBeNull();
    expect(useTabsStore.getState().tabs.map((t) => [t.filePath, t.lineNumber])).toEqual([["docs/widgets.md", null]]);
  });

  it("clears the query on Escape, and closes on a second Escape", async () => {
    await openBar();
    await searchFor("widget");
    await press("Escape");
    expect((get("project-search-input") as HTMLInputElement).value).toBe("");
    expect(items()).toEqual([]);
    await press("Escape");
    expect(find("project-search")).toBeNull();
  });

  it("says so when nothing matches", async () => {
    searchAnswer = answer({});
    await openBar();
    await searchFor("zzqx");
    expect(get("project-search-empty").textContent).toBe('No results found for "zzqx"');
    await act(() => i18n.changeLanguage("zh"));
    await settle(2);
    expect(get("project-search-empty").textContent).toBe("未找到与“zzqx”相关的结果");
  });

  it("shows the server's message when the search fails, and keeps the file names it found locally", async () => {
    searchAnswer = fail(400, "Regular expression is too complex");
    await openBar();
    await searchFor("widget");
    expect(get("project-search-error").textContent).toBe("Search failed: Regular expression is too complex");
    expect(headings()).toEqual(["Files (2)"]);
    await act(() => i18n.changeLanguage("zh"));
    await searchFor("widgets");
    expect(get("project-search-error").textContent).toBe("搜索失败：正则表达式过于复杂");
  });

  it("reports a regular expression the browser cannot read when only file names are searched, without asking the server", async () => {
    await openBar();
    await click("project-search-scope-symbols");
    await click("project-search-scope-content");
    await click("project-search-regex");
    await typeInto("project-search-input", "[unclosed");
    await until(() => find("project-search-error"), "the failure");
    expect(get("project-search-error").textContent).toBe("Search failed: Invalid regular expression");
    expect(searches()).toEqual([]);
    await typeInto("project-search-input", "^widget\\.");
    await until(() => items().length === 1, "the regex match");
    expect(items()[0]?.textContent).toBe("widget.tssrc");
  });

  it("sends the options it shows, searches hidden files when asked, and asks the server only for the scopes that are on", async () => {
    await openBar();
    await click("project-search-caseSensitive");
    await click("project-search-wholeWord");
    await click("project-search-includeHidden");
    await click("project-search-scope-symbols");
    await searchFor("widget");
    expect(searches().at(-1)?.body).toMatchObject({
      searchTypes: ["content"],
      caseSensitive: true,
      includeHidden: true,
      contentOptions: { wholeWord: true, regex: false },
    });
    expect(headings()).toEqual(["Files (3)", "Content (2)"]);
    expect(items().map((el) => el.textContent)).toContain(".widgetrc");

    await click("project-search-scope-files");
    await click("project-search-scope-content");
    await settle(25);
    expect(get("project-search").textContent).toContain("Choose Files, Symbols or Content to search");
    expect(items()).toEqual([]);
  });
});
