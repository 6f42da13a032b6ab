// `POST /api/v2/coding-projects/{id}/search` (spec 02 §3, §7) against the real sandbox host:
// the answer's shape, and every hostile input refused with its text before or at the host.
import { describe, expect, it } from "vitest";
import { call, expectError, signUp } from "../helpers";
import { addCodingAgent, newProject, saveFile } from "../project-helpers";

async function searchable() {
  const owner = await signUp("Sara Searcher");
  await addCodingAgent(owner);
  const { projectId } = await newProject(owner, "Search Project");
  await saveFile(owner, projectId, "src/widget.ts", "export function renderWidget() {\n  return 'widget';\n}\n");
  await saveFile(owner, projectId, ".env", "WIDGET_KEY=hidden\n");
  const search = (body: Record<string, unknown>) => call(`/api/v2/coding-projects/${projectId}/search`, { token: owner.token, body });
  return { owner, projectId, search };
}

describe("project search through the Worker", () => {
  it("answers the spec's shape, placing each hit in its line, and leaves hidden files out unless asked", async () => {
    const { search } = await searchable();
    const r = await search({ query: "widget", searchTypes: ["files", "symbols", "content"], maxResults: 15 });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      success: true,
      totalResults: 4,
      results: {
        files: [{ name: "widget.ts", path: "src/widget.ts", type: "file", size: 54, lastModified: expect.any(String) }],
        content: [
          { filePath: "src/widget.ts", lineNumber: 1, line: "export function renderWidget() {", column: 22, matchLength: 6 },
          { filePath: "src/widget.ts", lineNumber: 2, line: "  return 'widget';", column: 10, matchLength: 6 },
        ],
        symbols: [
          {
            symbolName: "renderWidget",
            fileName: "widget.ts",
            filePath: "src/widget.ts",
            lineNumber: 1,
            preview: "export function renderWidget() {",
            column: 16,
            matchLength: 12,
          },
        ],
      },
      stats: { symbolsFound: 1, contentMatches: 2, filesFound: 1, filesScanned: 2, truncated: false },
      errors: [],
    });
    const hidden = await search({ query: "WIDGET_KEY", searchTypes: ["content"], includeHidden: true });
    expect(hidden.json.data.results.content).toEqual([expect.objectContaining({ filePath: ".env", lineNumber: 1 })]);
    expect((await search({ query: "WIDGET_KEY", searchTypes: ["content"] })).json.data.totalResults).toBe(0);
  });

  it("refuses file types that are paths, globs or too many", async () => {
    const { search } = await searchable();
    for (const fileTypes of [["../../etc/passwd"], ["/etc/shadow"], ["*.ts"], ["ts/../.."], ["ts\u0000"], [".."], [42]]) {
      expectError(await search({ query: "widget", fileTypes }), 400, /File types must be extensions such as ts or \.md/);
    }
    expectError(await search({ query: "widget", fileTypes: Array.from({ length: 51 }, () => "ts") }), 400, /Too many file types \(limit 50\)/);
    const ts = await search({ query: "widget", searchTypes: ["content"], fileTypes: [".ts"] });
    expect(ts.json.data.stats.contentMatches).toBe(2);
    expect((await search({ query: "widget", searchTypes: ["content"], fileTypes: ["md"] })).json.data.totalResults).toBe(0);
  });

  it("refuses result counts and file sizes past the limits", async () => {
    const { search } = await searchable();
    for (const maxResults of [0, -1, 201, 1e12, 2.5, "15"]) {
      expectError(await search({ query: "widget", maxResults }), 400, /maxResults must be a whole number from 1 to 200/);
    }
    for (const maxFileSize of [0, 10 * 1024 * 1024 + 1, 1.5]) {
      expectError(await search({ query: "widget", contentOptions: { maxFileSize } }), 400, /maxFileSize must be a whole number of bytes up to 10485760/);
    }
    expectError(await search({ query: "w".repeat(501) }), 400, "Search query is too long");
    expectError(await search({ query: "   " }), 400, "Please enter a search query");
  });

  it("passes the host's refusals of costly and unsupported patterns through with their texts", async () => {
    const { search } = await searchable();
    const regex = (query: string) => search({ query, searchTypes: ["content"], contentOptions: { regex: true } });
    expectError(await regex("(x|xx|xxx|y){300}z"), 400, "Regular expression is too complex");
    expectError(await regex("(w)\\1"), 400, "Unsupported regular expression: backreferences and lookaround are not supported");
    expectError(await regex("(?=widget)"), 400, "Unsupported regular expression: backreferences and lookaround are not supported");
    expectError(await regex("[unclosed"), 400, "Invalid regular expression");
    const fine = await regex("^(w+)+$");
    expect(fine.json.data.totalResults).toBe(0);
  });

  it("drops fields the contract does not name before they reach the host", async () => {
    const { search } = await searchable();
    // A `paths` or `root` field is not part of the request: the Worker strips it, the host never sees it.
    const r = await search({ query: "widget", searchTypes: ["files"], paths: ["../../"], root: "/", cwd: "/etc" });
    expect(r.json.data.results.files.map((f: { path: string }) => f.path)).toEqual(["src/widget.ts"]);
  });
});
