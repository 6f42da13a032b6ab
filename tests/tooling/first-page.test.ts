// The first page (what index.html loads before the app renders) has a budget, and the heavy parts
// that load on first use must stay off it. A static import added anywhere in the shell would pull a
// whole feature back in without any test failing, so this builds the SPA for real and measures it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_PAGE_BUDGET, firstPageSources, htmlAssets, measureFirstPage, staticImports, type FirstPage } from "../../bench/first-page.ts";

const root = resolve(import.meta.dirname, "../..");

/** Parts that load on first use (the workspace, markdown, sign-up's password list, menus, dialogs, toasts). */
const LAZY_PARTS: [string, RegExp][] = [
  ["CodeMirror (the editor)", /node_modules\/(@codemirror|codemirror|@uiw\/react-codemirror|@lezer)\//],
  ["xterm (the terminal)", /node_modules\/@xterm\//],
  ["micromark / mdast (markdown)", /node_modules\/(micromark[^/]*|mdast-[^/]+|react-markdown|remark-[^/]+)\//],
  ["react-resizable-panels (the workspace layout)", /node_modules\/react-resizable-panels\//],
  ["the common-passwords list (sign-up)", /node_modules\/@zxcvbn-ts\/|contract\/common-passwords\.ts$/],
  ["Radix (menus and dialogs open on a click)", /node_modules\/@radix-ui\//],
  ["sonner (toasts load when idle)", /node_modules\/sonner\//],
  [
    "mermaid (diagrams in messages render when one is on screen)",
    /node_modules\/(mermaid|@mermaid-js|cytoscape[^/]*|dagre-d3-es|khroma)\/|web\/ui\/mermaid\/engine/,
  ],
  [
    "icons only the workspace shows (icons are re-exports: a module of icon wrappers would put every icon on the first page)",
    /node_modules\/lucide-react\/dist\/esm\/icons\/(terminal|git-branch|folder-open|file-archive)\.mjs$/,
  ],
  ["the file analysis viewer", /web\/features\/analysis\//],
  ["the workspace's screens", /web\/features\/workspace\/(layout\/WorkspaceLayout|viewer|terminal|explorer|git|services)\//],
  [
    "the file preview's viewers and their libraries",
    /node_modules\/(mammoth|dompurify|read-excel-file|papaparse|jszip)\/|web\/ui\/preview\/(FilePreview|PreviewBody|viewers\/|workers\/)/,
  ],
];

let outDir = "";
let page: FirstPage;
let sources: string[] = [];

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), "teamchat-first-page-"));
  // vitest runs with NODE_ENV=test, which would make vite bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ configFile: join(root, "vite.config.ts"), mode: "production", logLevel: "error", build: { outDir, emptyOutDir: true } });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  page = measureFirstPage(outDir);
  sources = firstPageSources(outDir, page);
}, 240_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe("the first page", () => {
  it("is measured from the entry and everything it imports statically, scripts and styles", () => {
    expect(page.files.some((f) => f.file.endsWith(".css"))).toBe(true);
    expect(page.files.filter((f) => f.file.endsWith(".js")).length).toBeGreaterThan(1);
    // What the first page must carry: React, the shell and the chat list.
    expect(sources.some((s) => s.startsWith("node_modules/react-dom/"))).toBe(true);
    expect(sources).toContain("web/app/layout/AppShell.tsx");
    expect(sources).toContain("web/features/chat-list/ChatList.tsx");
  });

  it(`stays within ${FIRST_PAGE_BUDGET / 1024} KB gzipped, JS and CSS together`, () => {
    const listing = page.files.map((f) => `${f.file} ${(f.gzip / 1024).toFixed(1)} KB`).join("\n");
    expect(page.totalGzip, `first page:\n${listing}`).toBeLessThanOrEqual(FIRST_PAGE_BUDGET);
  });

  it.each(LAZY_PARTS)("does not carry %s", (_name, pattern) => {
    expect(sources.filter((source) => pattern.test(source))).toEqual([]);
  });
});

describe("how the first page is found", () => {
  it("reads module scripts, modulepreloads and stylesheets from index.html, not other links", () => {
    const html = `<script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-b.js"><link rel="stylesheet" href="/assets/index-c.css">
      <link rel="icon" href="/favicon.svg"><script src="https://cdn.example.com/x.js" type="module"></script>`;
    expect(htmlAssets(html)).toEqual(["assets/index-a.js", "assets/react-b.js", "assets/index-c.css"]);
  });

  it("follows static imports and exports of built chunks, never dynamic import()", () => {
    const code = `import{a as b}from"./x-1.js";import"./y-2.js";export{c}from"./z-3.js";const m=()=>import("./lazy-4.js");import * as ns from "./w-5.js";`;
    expect(staticImports(code).sort()).toEqual(["./w-5.js", "./x-1.js", "./y-2.js", "./z-3.js"]);
  });
});
