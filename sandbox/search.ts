// Project search (spec 02 "Project search request"): file names, content lines and symbols, by
// walking the workspace in Node so no external tool (rg, grep) is required. The workspace is the
// user's ground: folders and files are read only where they really are inside it (search-walk.ts),
// patterns run in linear time (search-match.ts), and each request has a time and byte budget and
// yields to other requests every few milliseconds. A workspace runs one search at a time: a newer
// search stops the one before it (the search bar asks again on every keystroke).
import fs from "node:fs/promises";
import path from "node:path";
import * as v from "valibot";
import { HttpError, ok, readJson } from "./http.ts";
import type { Ctx } from "./context.ts";
import { contentMatcher, findSymbol, fuzzyMatch, lineWindows, SYMBOL_KINDS, type Hit } from "./search-match.ts";
import { isGitName, isHiddenName, listInside, looksBinary, readBounded, statInside, type Listing } from "./search-walk.ts";

export { UNSUPPORTED_REGEX } from "./search-match.ts";
export const SEARCH_BUDGET_MS = 5000;
export const SEARCH_REPLACED = "Search was replaced by a newer search in this workspace";
export const BAD_FILE_TYPE = "File types must be extensions such as ts or .md";
const MAX_BYTES_READ = 64 * 1024 * 1024;
/** Files looked at, and folder entries seen, before the walk stops: bounds huge workspaces. */
const MAX_SCANNED = 20_000;
const MAX_ENTRIES = 200_000;
const MAX_DEPTH = 64;
const MAX_ERRORS = 20;
const DEFAULT_CONTENT_MAX = 1024 * 1024;
const MAX_CONTENT_FILE = 16 * 1024 * 1024;
/** How long the search may hold the event loop before letting other requests run. */
const SLICE_MS = 15;

// An extension, with or without its dot ("ts", ".md", "d.ts"): never a path or a pattern.
const FileType = v.pipe(v.string(), v.maxLength(20, BAD_FILE_TYPE), v.regex(/^\.?[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*$/, BAD_FILE_TYPE));

const SearchBody = v.object({
  query: v.pipe(v.string(), v.minLength(1, "query is required"), v.maxLength(500)),
  searchTypes: v.optional(v.array(v.picklist(["files", "content", "symbols"])), ["files", "content", "symbols"]),
  caseSensitive: v.optional(v.boolean(), false),
  includeHidden: v.optional(v.boolean(), false),
  maxResults: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), 100),
  fileTypes: v.optional(v.pipe(v.array(FileType), v.maxLength(50))),
  symbolOptions: v.optional(v.object({ searchType: v.optional(v.pipe(v.string(), v.maxLength(40))), fuzzyMatch: v.optional(v.boolean()) })),
  contentOptions: v.optional(
    v.object({
      wholeWord: v.optional(v.boolean()),
      regex: v.optional(v.boolean()),
      maxFileSize: v.optional(v.pipe(v.number(), v.minValue(1))),
    }),
  ),
});
type Body = v.InferOutput<typeof SearchBody>;

type Running = { stop: AbortController; done: Promise<void> };
const running = new Map<string, Running>();

export async function search(ctx: Ctx): Promise<void> {
  const body = await readJson(ctx.req, SearchBody);
  const opts = body.contentOptions ?? {};
  const matcher = contentMatcher(body.query, { regex: !!opts.regex, wholeWord: !!opts.wholeWord, caseSensitive: body.caseSensitive });

  // Take the workspace's slot at once and stop whoever had it; wait for it to let go.
  const previous = running.get(ctx.wsDir);
  let release = () => {};
  const me: Running = { stop: new AbortController(), done: new Promise<void>((r) => (release = r)) };
  running.set(ctx.wsDir, me);
  ctx.res.on("close", () => {
    if (!ctx.res.writableFinished) me.stop.abort();
  });
  try {
    if (previous) {
      previous.stop.abort();
      await previous.done;
    }
    if (me.stop.signal.aborted) {
      if (ctx.res.destroyed) return;
      throw new HttpError(409, SEARCH_REPLACED);
    }
    const answer = await runSearch(ctx, body, matcher, me.stop.signal);
    if (ctx.res.destroyed) return;
    if (answer === null) throw new HttpError(409, SEARCH_REPLACED);
    ok(ctx.res, answer);
  } finally {
    if (running.get(ctx.wsDir) === me) running.delete(ctx.wsDir);
    release();
  }
}

/** Keeps the walk inside its budget and gives the event loop back every few milliseconds. */
class Pace {
  private sliceStart = Date.now();
  private readonly deadline = Date.now() + SEARCH_BUDGET_MS;
  private readonly signal: AbortSignal;
  bytes = 0;
  outOfBudget = false;
  constructor(signal: AbortSignal) {
    this.signal = signal;
  }
  get stopped(): boolean {
    return this.outOfBudget || this.signal.aborted;
  }
  /** False once the search must stop (budget spent or replaced); yields when its slice is used. */
  async go(): Promise<boolean> {
    const now = Date.now();
    if (now - this.sliceStart >= SLICE_MS) {
      await new Promise((r) => setImmediate(r));
      this.sliceStart = Date.now();
    }
    if (now > this.deadline || this.bytes > MAX_BYTES_READ) this.outOfBudget = true;
    return !this.stopped;
  }
  due(): boolean {
    return Date.now() - this.sliceStart >= SLICE_MS;
  }
}

type Results = {
  files: { name: string; path: string; type: string; size: number; lastModified: string }[];
  content: { filePath: string; lineNumber: number; line: string; column: number; matchLength: number }[];
  symbols: { symbolName: string; fileName: string; filePath: string; lineNumber: number; preview: string; column: number; matchLength: number }[];
};

async function runSearch(ctx: Ctx, body: Body, matcher: (text: string) => Hit | null, signal: AbortSignal) {
  const realRoot = await fs.realpath(ctx.wsDir);
  const pace = new Pace(signal);
  const types = new Set(body.searchTypes);
  const norm = (s: string) => (body.caseSensitive ? s : s.toLowerCase());
  const q = norm(body.query);
  const exts = body.fileTypes?.map((e) => `.${e.replace(/^\./, "").toLowerCase()}`);
  const maxContent = Math.min(body.contentOptions?.maxFileSize ?? DEFAULT_CONTENT_MAX, MAX_CONTENT_FILE);
  const max = body.maxResults;
  const kind = SYMBOL_KINDS.find((k) => k === body.symbolOptions?.searchType);
  const fuzzy = !!body.symbolOptions?.fuzzyMatch;
  const results: Results = { files: [], content: [], symbols: [] };
  const errors: string[] = [];
  const problem = (text: string) => errors.length < MAX_ERRORS && errors.push(text);
  let scanned = 0;
  let entriesSeen = 0;
  let walkLimited = false;

  const searchLines = async (text: string, rel: string, name: string, wantContent: boolean, wantSymbols: boolean) => {
    const lines = text.split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      if (pace.due() && !(await pace.go())) return;
      const line = lines[i] ?? "";
      if (wantContent && results.content.length < max) {
        for (const [start, piece] of lineWindows(line)) {
          if (pace.due() && !(await pace.go())) return;
          const hit = matcher(piece);
          if (!hit) continue;
          results.content.push({ filePath: rel, lineNumber: i + 1, line: line.slice(0, 500), column: start + hit.column, matchLength: hit.length });
          break;
        }
      }
      // Without fuzzy matching the name contains the query, so a line without it declares nothing wanted.
      if (wantSymbols && results.symbols.length < max && (fuzzy || norm(line).includes(q))) {
        const found = findSymbol(line);
        if (found && (!kind || found.kind === kind) && (fuzzy ? fuzzyMatch(q, norm(found.name)) : norm(found.name).includes(q))) {
          const preview = line.trim().slice(0, 200);
          results.symbols.push({
            symbolName: found.name,
            fileName: name,
            filePath: rel,
            lineNumber: i + 1,
            preview,
            column: found.column,
            matchLength: found.name.length,
          });
        }
      }
    }
  };

  const visitFile = async (abs: string, rel: string, name: string) => {
    if (exts && !exts.some((ext) => name.toLowerCase().endsWith(ext))) return;
    scanned++;
    if (types.has("files") && results.files.length < max && norm(name).includes(q)) {
      const st = await statInside(ctx.wsDir, abs);
      if (st) results.files.push({ name, path: rel, type: "file", size: st.size, lastModified: st.mtime.toISOString() });
    }
    const wantContent = types.has("content") && results.content.length < max;
    const wantSymbols = types.has("symbols") && results.symbols.length < max;
    if (!wantContent && !wantSymbols) return;
    const buf = await readBounded(ctx.wsDir, abs, maxContent);
    if (!buf || looksBinary(buf)) return;
    pace.bytes += buf.length;
    await searchLines(buf.toString("utf8"), rel, name, wantContent, wantSymbols);
  };

  const visit = async (listing: Listing, dirAbs: string, dirRel: string, depth: number): Promise<void> => {
    for (const e of listing.entries) {
      if (!(await pace.go())) return;
      if (scanned >= MAX_SCANNED || ++entriesSeen > MAX_ENTRIES) {
        walkLimited = true;
        return;
      }
      if (isGitName(e.name) || (!body.includeHidden && isHiddenName(e.name))) continue;
      const abs = path.join(dirAbs, e.name);
      const rel = dirRel ? `${dirRel}/${e.name}` : e.name;
      // Symlinks and special files are never followed or read: they could lead out of the workspace.
      if (e.isFile()) await visitFile(abs, rel, e.name);
      if (!e.isDirectory() || depth >= MAX_DEPTH) continue;
      const inner = await listInside(realRoot, abs);
      if (!inner) {
        problem(`Cannot read ${rel}`);
        continue;
      }
      if (types.has("files") && results.files.length < max && norm(e.name).includes(q)) {
        results.files.push({ name: e.name, path: rel, type: "directory", size: 0, lastModified: inner.mtime.toISOString() });
      }
      await visit(inner, abs, rel, depth + 1);
    }
  };
  const top = await listInside(realRoot, ctx.wsDir);
  if (!top) throw new HttpError(404, "Workspace not found");
  await visit(top, ctx.wsDir, "", 0);
  if (signal.aborted) return null;

  if (pace.outOfBudget) problem(`Search stopped early (limit ${SEARCH_BUDGET_MS / 1000} s or ${MAX_BYTES_READ / 1024 / 1024} MB)`);
  if (walkLimited) problem(`Search stopped early: too many files (limit ${MAX_SCANNED}); narrow it with file types`);
  return {
    success: true,
    totalResults: results.files.length + results.content.length + results.symbols.length,
    results,
    stats: {
      symbolsFound: results.symbols.length,
      contentMatches: results.content.length,
      filesFound: results.files.length,
      filesScanned: scanned,
      truncated: pace.outOfBudget || walkLimited,
    },
    errors,
  };
}
