import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "./helpers.ts";

let sb: Sandbox;
const W = "/workspaces/u2/git-proj";

beforeAll(async () => {
  sb = await startSandbox();
  expect((await sb.api("POST", W, { init: true })).status).toBe(201);
});
afterAll(async () => {
  await sb?.stop();
});

describe("git", () => {
  it("starts on main with one initial commit and a clean tree", async () => {
    const status = await sb.api("GET", `${W}/git/status`);
    expect(status.json).toMatchObject({ ok: true, branch: "main", files: [], hasChanges: false });
    const commits = await sb.api("GET", `${W}/git/commits`);
    expect(commits.json.commits).toHaveLength(1);
    expect(commits.json.commits[0]).toMatchObject({ message: "Initial commit", author: "Sandbox" });
    expect(commits.json.commits[0].hash).toMatch(/^[0-9a-f]{40}$/);
  });

  it("reports modified / untracked / deleted, diffs against HEAD, commits and checks out", async () => {
    const first = (await sb.api("GET", `${W}/git/commits`)).json.commits[0].hash as string;
    const original = (await sb.api("GET", `${W}/file?path=README.md`)).json.content as string;

    await sb.api("PUT", `${W}/file`, { path: "README.md", content: "# changed\n" });
    await sb.api("PUT", `${W}/file`, { path: "new.txt", content: "new" });
    const status = await sb.api("GET", `${W}/git/status`);
    expect(status.json.files).toEqual(
      expect.arrayContaining([
        { filePath: "README.md", status: "modified" },
        { filePath: "new.txt", status: "untracked" },
      ]),
    );

    const diff = await sb.api("GET", `${W}/git/diff?path=README.md`);
    expect(diff.json).toMatchObject({ ok: true, original, modified: "# changed\n" });
    const newDiff = await sb.api("GET", `${W}/git/diff?path=new.txt`);
    expect(newDiff.json).toMatchObject({ original: "", modified: "new" });

    const commit = await sb.api("POST", `${W}/git/commit`, { message: "Change readme" });
    expect(commit.status).toBe(200);
    expect(commit.json.hash).toMatch(/^[0-9a-f]{40}$/);
    // README: one line replaced; new.txt: one line added.
    expect(commit.json).toMatchObject({ message: "Change readme", branch: "main", filesChanged: 2, additions: 2, deletions: 1 });
    const commits = (await sb.api("GET", `${W}/git/commits?limit=10`)).json.commits;
    expect(commits.map((c: any) => c.message)).toEqual(["Change readme", "Initial commit"]);
    expect((await sb.api("GET", `${W}/git/commits?limit=1`)).json.commits).toHaveLength(1);

    const nothing = await sb.api("POST", `${W}/git/commit`, { message: "again" });
    expect(nothing).toEqual({ status: 400, json: { ok: false, error: "Nothing to commit" } });

    await sb.api("DELETE", `${W}/file?path=new.txt`);
    expect((await sb.api("GET", `${W}/git/status`)).json.files).toEqual([{ filePath: "new.txt", status: "deleted" }]);

    const co = await sb.api("POST", `${W}/git/checkout`, { hash: first });
    expect(co.json).toEqual({ ok: true, hash: first });
    expect((await sb.api("GET", `${W}/file?path=README.md`)).json.content).toBe(original);
  });

  it("counts a binary file as changed with no lines, and deleted lines of removed files", async () => {
    await sb.api("POST", `${W}/git/checkout`, { hash: (await sb.api("GET", `${W}/git/commits`)).json.commits[0].hash });
    await sb.api("PUT", `${W}/file`, { path: "logo.bin", content: Buffer.from([0, 1, 2, 0, 255, 0]).toString("base64"), encoding: "base64" });
    await sb.api("PUT", `${W}/file`, { path: "three.txt", content: "a\nb\nc\n" });
    const first = await sb.api("POST", `${W}/git/commit`, { message: "binary and text" });
    expect(first.json).toMatchObject({ filesChanged: 2, additions: 3, deletions: 0 });
    await sb.api("DELETE", `${W}/file?path=three.txt`);
    const second = await sb.api("POST", `${W}/git/commit`, { message: "remove three" });
    expect(second.json).toMatchObject({ filesChanged: 1, additions: 0, deletions: 3 });
    // A commit on a detached HEAD has no branch to name.
    expect(second.json.branch).toBeNull();
  });

  it("validates commit and checkout input", async () => {
    expect((await sb.api("POST", `${W}/git/checkout`, { hash: "HEAD; rm -rf /" })).status).toBe(400);
    expect((await sb.api("POST", `${W}/git/checkout`, { hash: "--force" })).status).toBe(400);
    expect((await sb.api("POST", `${W}/git/checkout`, { hash: "deadbeefdeadbeef" })).status).toBe(404);
    expect((await sb.api("POST", `${W}/git/commit`, { message: "  " })).status).toBe(400);
    await sb.api("POST", "/workspaces/u2/plain");
    expect((await sb.api("GET", "/workspaces/u2/plain/git/status")).json).toEqual({ ok: false, error: "Not a git repository" });
  });
});

describe("search", () => {
  beforeAll(async () => {
    await sb.api("PUT", `${W}/file`, {
      path: "src/widgets/renderWidget.ts",
      content:
        "import x from 'y';\nexport function renderWidget(a: number) {\n  return a; // needle-line here\n}\nexport class WidgetStore {}\nconst widgetCount = 3;\n",
    });
    await sb.api("PUT", `${W}/file`, { path: "node_modules/dep/widget.js", content: "function renderWidget() {}\n" });
    await sb.api("PUT", `${W}/file`, { path: "app.py", content: "def render_widget():\n    pass\n" });
  });

  it("finds a file name, a content line and a function symbol", async () => {
    const r = await sb.api("POST", `${W}/search`, { query: "renderWidget", searchTypes: ["files", "content", "symbols"] });
    expect(r.json.success).toBe(true);
    expect(r.json.results.files).toEqual([expect.objectContaining({ name: "renderWidget.ts", path: "src/widgets/renderWidget.ts", type: "file" })]);
    expect(r.json.results.symbols).toEqual([
      expect.objectContaining({ symbolName: "renderWidget", fileName: "renderWidget.ts", filePath: "src/widgets/renderWidget.ts", lineNumber: 2 }),
    ]);
    expect(r.json.stats).toMatchObject({ filesFound: 1, symbolsFound: 1 });
    expect(r.json.totalResults).toBe(r.json.results.files.length + r.json.results.content.length + r.json.results.symbols.length);

    const content = await sb.api("POST", `${W}/search`, { query: "NEEDLE-LINE", searchTypes: ["content"] });
    expect(content.json.results.content).toEqual([
      { filePath: "src/widgets/renderWidget.ts", lineNumber: 3, line: "  return a; // needle-line here", column: 15, matchLength: 11 },
    ]);
    const sensitive = await sb.api("POST", `${W}/search`, { query: "NEEDLE-LINE", searchTypes: ["content"], caseSensitive: true });
    expect(sensitive.json.totalResults).toBe(0);

    const symbols = await sb.api("POST", `${W}/search`, { query: "widget", searchTypes: ["symbols"] });
    expect(symbols.json.results.symbols.map((s: any) => s.symbolName).sort()).toEqual(["WidgetStore", "renderWidget", "render_widget", "widgetCount"].sort());
  });

  it("validates the request", async () => {
    expect((await sb.api("POST", `${W}/search`, { query: "" })).status).toBe(400);
    expect((await sb.api("POST", `${W}/search`, { query: "(", contentOptions: { regex: true } })).status).toBe(400);
    const limited = await sb.api("POST", `${W}/search`, { query: "e", searchTypes: ["content"], maxResults: 2 });
    expect(limited.json.results.content).toHaveLength(2);
  });
});
