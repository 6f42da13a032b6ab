// Project search attacked through its input and through the workspace it walks: patterns whose
// matching would hold the host, file types that look like paths, huge result counts, binary files,
// symlinks (and folders swapped for symlinks) that lead out of the workspace, hidden files and
// .git, overlong lines, and a flood of searches in one workspace.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import path from "node:path";
import { startSandbox, type Sandbox } from "./helpers.ts";
import { listInside, readBounded, statInside } from "../../sandbox/search-walk.ts";

let sb: Sandbox;
const W = "/workspaces/sh-u1/proj";
const wsPath = (...p: string[]) => path.join(sb.root, "workspaces", "sh-u1", "proj", ...p);
const outside = (...p: string[]) => path.join(sb.root, "outside", ...p);

const search = (body: Record<string, unknown>) => sb.api("POST", `${W}/search`, body);
const put = (p: string, content: string) => sb.api("PUT", `${W}/file`, { path: p, content });

beforeAll(async () => {
  sb = await startSandbox();
  expect((await sb.api("POST", W, { init: true })).status).toBe(201);
  // Another user's data next to the workspace, which symlinks inside the workspace point at.
  await fs.mkdir(outside("private"), { recursive: true });
  await fs.writeFile(outside("private", "exfil-target.txt"), "TOPSECRET-outside\n");
  await put("src/app.ts", "export function exfilHelper() {\n  return 'plain needle';\n}\n");
});
afterAll(async () => {
  await sb?.stop();
});

describe("patterns", () => {
  it("refuses a pattern too costly to match, with the reason", async () => {
    for (const query of ["(x|xx|xxx|y){300}z", "[^\\x00]{1000}", "(a{500}){2}"]) {
      const r = await search({ query, searchTypes: ["content"], contentOptions: { regex: true } });
      expect(r, query).toEqual({ status: 400, json: { ok: false, error: "Regular expression is too complex" } });
    }
    // An ordinary pattern of the same shape still runs.
    const fine = await search({ query: "plain\\s+ne{2}dle", searchTypes: ["content"], contentOptions: { regex: true } });
    expect(fine.json.results.content).toEqual([expect.objectContaining({ filePath: "src/app.ts", lineNumber: 2, column: 10, matchLength: 12 })]);
  });

  it("finds a match deep inside an overlong line, with its column", async () => {
    const line = `${"q".repeat(150_000)} deepneedle ${"q".repeat(50_000)}`;
    await put("min/bundle.js", `first\n${line}\n`);
    const r = await search({ query: "deepneedle", searchTypes: ["content"] });
    expect(r.json.results.content).toEqual([{ filePath: "min/bundle.js", lineNumber: 2, line: line.slice(0, 500), column: 150_001, matchLength: 10 }]);
    await sb.api("DELETE", `${W}/file?path=min/bundle.js`);
  });

  it("does not hang on a line built to make a declaration pattern backtrack", async () => {
    await put("trap.js", `function${" ".repeat(200_000)}!\nfunction realOne() {}\n`);
    // Fuzzy matching looks at every line, so the trap line reaches the declaration patterns.
    const r = await search({ query: "realOne", searchTypes: ["symbols"], symbolOptions: { fuzzyMatch: true } });
    expect(r.json.results.symbols).toEqual([expect.objectContaining({ symbolName: "realOne", filePath: "trap.js", lineNumber: 2, column: 9, matchLength: 7 })]);
    expect(r.json.stats.truncated).toBe(false);
    await sb.api("DELETE", `${W}/file?path=trap.js`);
  });
});

describe("request fields", () => {
  it("refuses file types that are paths or patterns, and filters by real extensions", async () => {
    for (const ext of ["../../etc/passwd", "/etc", "*", "ts/..", "ts\u0000", "..", "a".repeat(21)]) {
      const r = await search({ query: "needle", fileTypes: [ext] });
      expect(r.status, ext).toBe(400);
      expect(r.json.error, ext).toContain("File types must be extensions such as ts or .md");
    }
    await put("notes.md", "needle in markdown\n");
    const md = await search({ query: "needle", searchTypes: ["content"], fileTypes: [".md"] });
    expect(md.json.results.content.map((h: { filePath: string }) => h.filePath)).toEqual(["notes.md"]);
    const ts = await search({ query: "needle", searchTypes: ["content"], fileTypes: ["TS", "d.ts"] });
    expect(ts.json.results.content.map((h: { filePath: string }) => h.filePath)).toEqual(["src/app.ts"]);
  });

  it("refuses result counts outside 1 to 1000", async () => {
    for (const maxResults of [0, -5, 1001, 1e9, 1.5]) {
      expect((await search({ query: "needle", maxResults })).status, String(maxResults)).toBe(400);
    }
  });
});

describe("what the walk reads", () => {
  it("skips binary files' content but still finds them by name", async () => {
    const bytes = Buffer.concat([Buffer.from("binneedle "), Buffer.from([0, 1, 2, 0]), Buffer.from(" binneedle")]);
    await sb.api("PUT", `${W}/file`, { path: "blob-binneedle.bin", content: bytes.toString("base64"), encoding: "base64" });
    const r = await search({ query: "binneedle", searchTypes: ["files", "content"] });
    expect(r.json.results.files.map((f: { path: string }) => f.path)).toEqual(["blob-binneedle.bin"]);
    expect(r.json.results.content).toEqual([]);
  });

  it("never follows a symlink out of the workspace, to a folder or to a file", async () => {
    await fs.symlink(outside("private"), wsPath("linked-dir"));
    await fs.symlink(outside("private", "exfil-target.txt"), wsPath("linked-file.txt"));
    await fs.symlink(outside("private", "exfil-target.txt"), wsPath("src", "exfil-link.ts"));
    const all = await search({ query: "exfil", includeHidden: true });
    const paths = [...all.json.results.files, ...all.json.results.content, ...all.json.results.symbols].map(
      (h: { path?: string; filePath?: string }) => h.path ?? h.filePath,
    );
    expect(paths.sort()).toEqual(["src/app.ts", "src/app.ts"]); // the symbol and its line, nothing from outside
    const secret = await search({ query: "TOPSECRET", includeHidden: true });
    expect(secret.json.totalResults).toBe(0);
    // The file list the search bar caches lists neither.
    const listed = (await sb.api("GET", `${W}/list?includeHidden=true`)).json.files.map((f: { path: string }) => f.path);
    expect(listed).toContain("src/app.ts");
    expect(listed.filter((p: string) => p.includes("linked") || p.includes("exfil"))).toEqual([]);
  });

  it("does not read through a folder swapped for a symlink after it was listed", async () => {
    // What the walk meets when the user swaps `swapped` for a link between listing and reading.
    await fs.symlink(outside(), wsPath("swapped"));
    const realRoot = await fs.realpath(wsPath());
    expect(await listInside(realRoot, wsPath("swapped"))).toBeNull();
    expect(await listInside(realRoot, wsPath("swapped", "private"))).toBeNull();
    expect(await readBounded(wsPath(), wsPath("swapped", "private", "exfil-target.txt"), 1 << 20)).toBeNull();
    expect(await statInside(wsPath(), wsPath("swapped", "private", "exfil-target.txt"))).toBeNull();
    // The real thing inside the workspace still reads.
    expect((await listInside(realRoot, wsPath("src")))?.entries.map((e) => e.name)).toContain("app.ts");
    expect((await readBounded(wsPath(), wsPath("src", "app.ts"), 1 << 20))?.toString()).toContain("plain needle");
    expect(await readBounded(wsPath(), wsPath("src", "app.ts"), 10)).toBeNull(); // larger than the limit
  });

  it("searches hidden files and heavy folders only when asked, and .git never", async () => {
    await put(".env", "HIDDEN_TOKEN=hiddenneedle\n");
    await put("node_modules/dep/index.js", "const hiddenneedle = 1;\n");
    await put("dist/out.js", "hiddenneedle\n");
    const plain = await search({ query: "hiddenneedle", searchTypes: ["content"] });
    expect(plain.json.results.content).toEqual([]);
    const hidden = await search({ query: "hiddenneedle", searchTypes: ["content"], includeHidden: true });
    expect(hidden.json.results.content.map((h: { filePath: string }) => h.filePath).sort()).toEqual([".env", "dist/out.js", "node_modules/dep/index.js"]);
    const git = await search({ query: "repositoryformatversion", searchTypes: ["files", "content"], includeHidden: true });
    expect(git.json.totalResults).toBe(0);
    await put(".gitignore", "dist\n");
    const gitName = await search({ query: ".git", searchTypes: ["files"], includeHidden: true });
    expect(gitName.json.results.files.map((f: { path: string }) => f.path)).toEqual([".gitignore"]);
  });
});

describe("many searches in one workspace", () => {
  it("keeps answering other requests during a heavy search, and a newer search replaces it", async () => {
    // About 6 MB of text that a dense pattern must crawl through: the search runs into its budget.
    const block = `${"x".repeat(3000)}\n`.repeat(100);
    for (let i = 0; i < 20; i++) await put(`heavy/f${i}.txt`, block);
    let heavySettled = false;
    const heavy = search({ query: ".{200}z", searchTypes: ["content"], contentOptions: { regex: true } }).finally(() => (heavySettled = true));
    const health = await sb.api("GET", "/health");
    expect(health.status).toBe(200);
    expect(heavySettled).toBe(false);
    const light = search({ query: "plain needle", searchTypes: ["content"] });
    const answers = await Promise.all([heavy, light]);
    // Whichever arrived second wins; the other is told why it stopped.
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.json).toEqual({ ok: false, error: "Search was replaced by a newer search in this workspace" });
    await fs.rm(wsPath("heavy"), { recursive: true });
  });
});
