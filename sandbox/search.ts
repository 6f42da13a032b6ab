// Project search (spec 02 "Project search request"): file names, content lines and symbols,
// by walking the workspace in Node so no external tool (rg, grep) is required. Content patterns
// run on RE2 (re2js: linear time, no backtracking, so `^(a+)+$` cannot explode), each request
// has a time and byte budget and yields between files, and a workspace runs one search at a time:
// no request can stall the host for the other workspaces.
import fs from "node:fs/promises";
import path from "node:path";
import * as v from "valibot";
import { RE2JS } from "re2js";
import { HttpError, ok, readJson } from "./http.ts";
import type { Ctx } from "./context.ts";
import { readInside } from "./paths.ts";

const SKIP_DIRS = new Set([".git", "node_modules"]);
export const SEARCH_BUDGET_MS = 5000;
const MAX_BYTES_READ = 64 * 1024 * 1024;
const running = new Set<string>();
export const UNSUPPORTED_REGEX = "Unsupported regular expression: backreferences and lookaround are not supported";
const MAX_SCANNED = 20_000; // bounds the walk on huge workspaces
const DEFAULT_CONTENT_MAX = 1024 * 1024;

const SearchBody = v.object({
  query: v.pipe(v.string(), v.minLength(1, "query is required"), v.maxLength(500)),
  searchTypes: v.optional(v.array(v.picklist(["files", "content", "symbols"])), ["files", "content", "symbols"]),
  caseSensitive: v.optional(v.boolean(), false),
  includeHidden: v.optional(v.boolean(), false),
  maxResults: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 100),
  fileTypes: v.optional(v.array(v.string())),
  symbolOptions: v.optional(v.object({ searchType: v.optional(v.string()), fuzzyMatch: v.optional(v.boolean()) })),
  contentOptions: v.optional(
    v.object({
      wholeWord: v.optional(v.boolean()),
      regex: v.optional(v.boolean()),
      maxFileSize: v.optional(v.pipe(v.number(), v.minValue(1))),
    }),
  ),
});

// Declarations in the common languages of the workspace; group 1 is the symbol name.
const SYMBOL_RES = [
  /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)/,
  /^\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)/,
  /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*[=:]/,
  /^\s*(?:export\s+)?(?:interface|type)\s+([A-Za-z_$][\w$]*)/,
  /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)/,
  /^\s*class\s+([A-Za-z_]\w*)\s*[(:]/,
];

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function fuzzy(needle: string, hay: string): boolean {
  let i = 0;
  for (const ch of hay) if (ch === needle[i]) i++;
  return i === needle.length;
}

/** The content pattern on RE2; syntax RE2 has no linear-time answer for (backreferences, lookaround) is a 400. */
function contentMatcher(query: string, regex: boolean, wholeWord: boolean, caseSensitive: boolean): (line: string) => boolean {
  const src = regex ? query : escapeRe(query);
  let re: RE2JS;
  try {
    re = RE2JS.compile(wholeWord ? `\\b(?:${src})\\b` : src, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  } catch {
    // RE2 has no backreferences or lookaround (they are what makes backtracking exponential).
    if (regex && /\\[1-9]|\\k<|\(\?<?[=!]/.test(query)) throw new HttpError(400, UNSUPPORTED_REGEX);
    throw new HttpError(400, "Invalid regular expression");
  }
  return (line) => re.matcher(line).find();
}

export async function search(ctx: Ctx): Promise<void> {
  const body = await readJson(ctx.req, SearchBody);
  const types = new Set(body.searchTypes);
  const matches = contentMatcher(body.query, !!body.contentOptions?.regex, !!body.contentOptions?.wholeWord, body.caseSensitive);
  if (running.has(ctx.wsDir)) throw new HttpError(429, "A search is already running in this workspace");
  running.add(ctx.wsDir);
  try {
    await runSearch(ctx, body, types, matches);
  } finally {
    running.delete(ctx.wsDir);
  }
}

async function runSearch(ctx: Ctx, body: v.InferOutput<typeof SearchBody>, types: Set<string>, matches: (line: string) => boolean): Promise<void> {
  const deadline = Date.now() + SEARCH_BUDGET_MS;
  let bytesRead = 0;
  let truncated = false;
  const norm = (s: string) => (body.caseSensitive ? s : s.toLowerCase());
  const q = norm(body.query);
  const exts = body.fileTypes?.map((e) => norm(e.startsWith(".") ? e : `.${e}`));
  const maxContent = Math.min(body.contentOptions?.maxFileSize ?? DEFAULT_CONTENT_MAX, 16 * 1024 * 1024);
  const max = body.maxResults;

  const results = {
    files: [] as { name: string; path: string; type: string; size: number; lastModified: string }[],
    content: [] as { filePath: string; lineNumber: number; line: string }[],
    symbols: [] as { symbolName: string; fileName: string; filePath: string; lineNumber: number; preview: string }[],
  };
  const errors: string[] = [];
  let scanned = 0;

  const visit = async (dirAbs: string, dirRel: string): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(dirAbs, { withFileTypes: true });
    } catch {
      errors.push(`Cannot read ${dirRel || "."}`);
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (scanned >= MAX_SCANNED) return;
      if (Date.now() > deadline || bytesRead > MAX_BYTES_READ) {
        truncated = true;
        return;
      }
      if (SKIP_DIRS.has(e.name) || (!body.includeHidden && e.name.startsWith("."))) continue;
      const abs = path.join(dirAbs, e.name);
      const rel = dirRel ? `${dirRel}/${e.name}` : e.name;
      // Symlinks are not followed: they could point outside the workspace or loop.
      if (e.isDirectory()) {
        if (types.has("files") && results.files.length < max && norm(e.name).includes(q)) {
          const st = await fs.stat(abs).catch(() => null);
          results.files.push({ name: e.name, path: rel, type: "directory", size: 0, lastModified: st?.mtime.toISOString() ?? "" });
        }
        await visit(abs, rel);
        continue;
      }
      if (!e.isFile()) continue;
      if (exts && !exts.includes(norm(path.extname(e.name)))) continue;
      scanned++;
      const st = await fs.stat(abs).catch(() => null);
      if (!st) continue;
      if (types.has("files") && results.files.length < max && norm(e.name).includes(q)) {
        results.files.push({ name: e.name, path: rel, type: "file", size: st.size, lastModified: st.mtime.toISOString() });
      }
      const wantContent = types.has("content") && results.content.length < max;
      const wantSymbols = types.has("symbols") && results.symbols.length < max;
      if ((!wantContent && !wantSymbols) || st.size > maxContent) continue;
      const buf = await readInside(ctx.wsDir, abs);
      if (!buf || buf.includes(0)) continue; // binary
      bytesRead += buf.length;
      // Let other requests (other workspaces) run between files.
      await new Promise((r) => setImmediate(r));
      const lines = buf.toString("utf8").split(/\r?\n/);
      lines.forEach((line, i) => {
        if (wantContent && results.content.length < max && matches(line)) {
          results.content.push({ filePath: rel, lineNumber: i + 1, line: line.slice(0, 500) });
        }
        if (wantSymbols && results.symbols.length < max) {
          for (const re of SYMBOL_RES) {
            const name = re.exec(line)?.[1];
            if (!name) continue;
            const hit = body.symbolOptions?.fuzzyMatch ? fuzzy(q, norm(name)) : norm(name).includes(q);
            if (hit) {
              results.symbols.push({ symbolName: name, fileName: e.name, filePath: rel, lineNumber: i + 1, preview: line.trim().slice(0, 200) });
            }
            break;
          }
        }
      });
    }
  };
  await visit(ctx.wsDir, "");

  const totalResults = results.files.length + results.content.length + results.symbols.length;
  ok(ctx.res, {
    success: true,
    totalResults,
    results,
    stats: {
      symbolsFound: results.symbols.length,
      contentMatches: results.content.length,
      filesFound: results.files.length,
      filesScanned: scanned,
      truncated,
    },
    errors: truncated ? [...errors, `Search stopped early (limit ${SEARCH_BUDGET_MS / 1000} s or ${MAX_BYTES_READ / 1024 / 1024} MB)`] : errors,
  });
}
