// First-page size (`npm run bench`, alone with BENCH_ONLY=size): what a browser downloads before the
// SPA can render, i.e. what dist/web/index.html loads (its module script, every modulepreload and every
// stylesheet) plus anything those scripts import statically. Lazy chunks (import()) are not counted.
// Needs only a build, no running app (the bench step makes its own). `node bench/first-page.ts [distDir] --packages`
// also lists which packages and source folders fill the first page, from the sourcemaps.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { gzipSync } from "node:zlib";

/** The first page's budget, JS and CSS together, gzipped. */
export const FIRST_PAGE_BUDGET = 170 * 1024;

export interface FirstPageFile {
  /** Path inside the dist folder, e.g. "assets/index-abc.js". */
  file: string;
  bytes: number;
  gzip: number;
}

export interface FirstPage {
  files: FirstPageFile[];
  totalGzip: number;
  budget: number;
}

/** The files index.html references: module scripts, modulepreloads and stylesheets (same-origin paths only). */
export function htmlAssets(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, "i").exec(tag)?.[1];
    const isScript = /^<script/i.test(tag);
    const rel = attr("rel")?.toLowerCase();
    const url = isScript ? attr("src") : attr("href");
    if (!url || /^[a-z]+:|^\/\//i.test(url)) continue;
    if (isScript ? attr("type") === "module" : rel === "modulepreload" || rel === "stylesheet") found.push(url.replace(/^\//, ""));
  }
  return found;
}

/**
 * The relative modules a built chunk imports statically: `import … from "./x.js"`, `import "./x.js"`
 * and `export … from "./x.js"`. Dynamic `import("./x.js")` is lazy by design and not followed.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

function readAsset(distDir: string, file: string): Buffer {
  const path = join(distDir, file);
  if (!existsSync(path)) throw new Error(`${file} is referenced by the first page but missing from ${distDir}`);
  return readFileSync(path);
}

/** Every file of the first page, in the order found, with its size and gzipped size. */
export function measureFirstPage(distDir = "dist/web"): FirstPage {
  const indexPath = join(distDir, "index.html");
  if (!existsSync(indexPath)) throw new Error(`${indexPath} not found: build the SPA first (npm run build)`);
  const queue = htmlAssets(readFileSync(indexPath, "utf8"));
  const seen = new Set<string>();
  const files: FirstPageFile[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const content = readAsset(distDir, file);
    files.push({ file, bytes: content.length, gzip: gzipSync(content).length });
    if (file.endsWith(".js")) {
      for (const spec of staticImports(content.toString("utf8"))) queue.push(posix.normalize(posix.join(posix.dirname(file), spec)));
    }
  }
  return { files, totalGzip: files.reduce((sum, f) => sum + f.gzip, 0), budget: FIRST_PAGE_BUDGET };
}

/**
 * `npm run bench`'s step: a fresh production build in a temporary folder, measured and printed.
 * Not dist/web, which may be a test run's development build or out of date.
 */
export function benchFirstPage(): void {
  const outDir = mkdtempSync(join(tmpdir(), "teamchat-first-page-"));
  try {
    const env = { ...process.env, NODE_ENV: "production" }; // what users download, whatever the caller's NODE_ENV
    const args = ["run", "--silent", "build", "--", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"];
    const result = spawnSync("npm", args, { stdio: "inherit", env });
    if (result.status !== 0) throw new Error("npm run build failed");
    printFirstPage(measureFirstPage(outDir));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The source modules bundled into the first page's scripts, from their sourcemaps (`node_modules/…` or `web/…`). */
export function firstPageSources(distDir = "dist/web", page: FirstPage = measureFirstPage(distDir)): string[] {
  const sources = new Set<string>();
  for (const { file } of page.files) {
    if (!file.endsWith(".js")) continue;
    const mapPath = join(distDir, `${file}.map`);
    if (!existsSync(mapPath)) continue; // the bundler's own runtime chunk has no sources to map
    const map = JSON.parse(readFileSync(mapPath, "utf8")) as { sources?: string[] };
    for (const source of map.sources ?? []) sources.add(source.replace(/^(\.\.\/)+/, "").replace(/^.*?\/(node_modules|web)\//, "$1/"));
  }
  return [...sources].sort();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The table `npm run bench` prints: one row per file, largest first, then the total against the budget. */
export function printFirstPage(page: FirstPage): void {
  console.log("\nFirst page (what index.html loads before the app renders; gzipped JS + CSS)");
  const width = Math.max(...page.files.map((f) => f.file.length));
  for (const f of [...page.files].sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${f.file.padEnd(width)}  ${kb(f.bytes).padStart(10)}  ${kb(f.gzip).padStart(9)} gz`);
  }
  const verdict = page.totalGzip <= page.budget ? "within" : "OVER";
  console.log(`  total ${page.files.length} files: ${kb(page.totalGzip)} gzipped, ${verdict} the ${kb(page.budget)} budget`);
}

/** A source's package (`react-dom`), `contract`, or its folder under web/ (`web/features/chat`). */
function packageOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg) return pkg;
  if (/(^|\/)contract\//.test(source)) return "contract";
  return source
    .replace(/^.*?web\//, "web/")
    .split("/")
    .slice(0, 3)
    .join("/");
}

/** Minified bytes per package or source folder across the first page's scripts (mapped columns, from the sourcemaps). */
function printPackages(distDir: string, page: FirstPage): void {
  const sizes = new Map<string, number>();
  for (const { file } of page.files) {
    if (!file.endsWith(".js") || !existsSync(join(distDir, `${file}.map`))) continue;
    const code = readFileSync(join(distDir, file), "utf8");
    const map = JSON.parse(readFileSync(join(distDir, `${file}.map`), "utf8")) as { sources: string[]; mappings: string };
    for (const [source, bytes] of bytesPerSource(code, map)) {
      const pkg = packageOf(source);
      sizes.set(pkg, (sizes.get(pkg) ?? 0) + bytes);
    }
  }
  for (const [pkg, bytes] of [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${kb(bytes).padStart(9)}  ${pkg}`);
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Decodes a sourcemap's VLQ mappings just enough to attribute each generated column range to its source. */
function bytesPerSource(code: string, map: { sources: string[]; mappings: string }): Map<string, number> {
  const out = new Map<string, number>();
  const lines = code.split("\n");
  let source = 0;
  map.mappings.split(";").forEach((line, lineIndex) => {
    let column = 0;
    let previous: { column: number; source: number } | null = null;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = B64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0]!;
      if (previous) out.set(map.sources[previous.source]!, (out.get(map.sources[previous.source]!) ?? 0) + column - previous.column);
      if (values.length > 1) source += values[1]!;
      previous = values.length > 1 ? { column, source } : null;
    }
    if (previous) {
      const rest = (lines[lineIndex]?.length ?? column) - previous.column;
      out.set(map.sources[previous.source]!, (out.get(map.sources[previous.source]!) ?? 0) + rest);
    }
  });
  return out;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const distDir = args.find((a) => !a.startsWith("--")) ?? "dist/web";
  const page = measureFirstPage(distDir);
  printFirstPage(page);
  if (args.includes("--packages")) printPackages(distDir, page);
}
