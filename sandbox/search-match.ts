// Matching for project search. Content patterns run on RE2 (re2js): linear in the text, with no
// backtracking, so `^(a+)+$` cannot explode and backreferences or lookaround are refused. Linear
// is not cheap, though: the work per character grows with the compiled program (`.{200}z` keeps
// two hundred threads alive), so a pattern's program size is capped, and long lines are matched in
// windows so the search can check its budget and let other requests run between them.
import { RE2JS } from "re2js";
import { HttpError } from "./http.ts";

export const UNSUPPORTED_REGEX = "Unsupported regular expression: backreferences and lookaround are not supported";
export const INVALID_REGEX = "Invalid regular expression";
export const COMPLEX_REGEX = "Regular expression is too complex";
/** RE2 instructions a content pattern may compile to; `\w{3,200}` is about 400. */
export const MAX_PROGRAM = 500;
/** Characters matched in one go; a longer line (minified code) is matched window by window. */
export const LINE_WINDOW = 4096;
const WINDOW_OVERLAP = 512;

/** Where a match starts in its line (UTF-16 units, 0-based) and how long it is. */
export type Hit = { column: number; length: number };

export type ContentOptions = { regex: boolean; wholeWord: boolean; caseSensitive: boolean };

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The content pattern on RE2, or a 400 with the reason it cannot run. */
export function contentMatcher(query: string, opts: ContentOptions): (text: string) => Hit | null {
  const src = opts.regex ? query : escapeRe(query);
  let re: RE2JS;
  try {
    re = RE2JS.compile(opts.wholeWord ? `\\b(?:${src})\\b` : src, opts.caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);
  } catch {
    // RE2 has no backreferences or lookaround: they are what makes backtracking exponential.
    if (opts.regex && /\\[1-9]|\\k<|\(\?<?[=!]/.test(query)) throw new HttpError(400, UNSUPPORTED_REGEX);
    throw new HttpError(400, INVALID_REGEX);
  }
  if (re.programSize() > MAX_PROGRAM) throw new HttpError(400, COMPLEX_REGEX);
  return (text) => {
    const m = re.matcher(text);
    if (!m.find()) return null;
    return { column: m.start(), length: m.end() - m.start() };
  };
}

/**
 * The pieces of a line to match, each with where it starts. Windows overlap so a match that
 * crosses a window's end is found in the next one (unless it is longer than the overlap).
 */
export function* lineWindows(line: string): Generator<[number, string]> {
  if (line.length <= LINE_WINDOW) {
    yield [0, line];
    return;
  }
  for (let start = 0; start < line.length; start += LINE_WINDOW - WINDOW_OVERLAP) {
    yield [start, line.slice(start, start + LINE_WINDOW)];
    if (start + LINE_WINDOW >= line.length) return;
  }
}

export const SYMBOL_KINDS = ["function", "class", "variable", "type"] as const;
export type SymbolKind = (typeof SYMBOL_KINDS)[number];

// Declarations in the workspace's common languages; group 1 is the name. Each pattern is anchored
// and has no two adjacent parts that can match the same text, so it runs in linear time on any
// line (native regular expressions backtrack, and the line is the user's).
const SYMBOL_RES: [SymbolKind, RegExp][] = [
  ["function", /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function(?:\s*\*\s*|\s+)([A-Za-z_$][\w$]*)/d],
  ["class", /^\s*(?:export\s+)?(?:default\s+)?(?:abstract\s+)?class\s+([A-Za-z_$][\w$]*)/d],
  ["variable", /^\s*(?:export\s+)?(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*[=:]/d],
  ["type", /^\s*(?:export\s+)?(?:interface|type)\s+([A-Za-z_$][\w$]*)/d],
  ["function", /^\s*(?:async\s+)?def\s+([A-Za-z_]\w*)/d],
  ["class", /^\s*class\s+([A-Za-z_]\w*)\s*[(:]/d],
];
/** A declaration starts its line: only this much of a line is looked at. */
const SYMBOL_HEAD = 400;

export type FoundSymbol = { name: string; kind: SymbolKind; column: number };

export function findSymbol(line: string): FoundSymbol | null {
  const head = line.length > SYMBOL_HEAD ? line.slice(0, SYMBOL_HEAD) : line;
  for (const [kind, re] of SYMBOL_RES) {
    const m = re.exec(head);
    const name = m?.[1];
    const at = m?.indices?.[1];
    if (name && at) return { name, kind, column: at[0] };
  }
  return null;
}

/** The needle's characters appear in the name in order ("rw" finds "renderWidget"). */
export function fuzzyMatch(needle: string, hay: string): boolean {
  let i = 0;
  for (const ch of hay) if (ch === needle[i]) i++;
  return i === needle.length;
}
