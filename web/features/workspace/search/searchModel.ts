// The project search bar's pure logic (spec 02 §2.9, §5, §9): what to ask the server, how file
// names match the local file cache, how the answers merge into the Files / Symbols / Content
// groups, and how the keyboard moves through them.
import type { ListedFile, ProjectSearchAnswer } from "../../../../contract";

/** Spec 02 §9. */
export const PROJECT_SEARCH = {
  minChars: 2,
  debounceMs: 300,
  maxResults: 15,
  localFileMax: 50,
  maxFileSize: 1048576,
  cacheProjects: 10,
  cacheTtlMs: 24 * 60 * 60 * 1000,
} as const;

export const SCOPES = ["files", "symbols", "content"] as const;
export type SearchScope = (typeof SCOPES)[number];

export interface SearchOptions {
  scopes: Record<SearchScope, boolean>;
  caseSensitive: boolean;
  wholeWord: boolean;
  regex: boolean;
  includeHidden: boolean;
}

export const DEFAULT_OPTIONS: SearchOptions = {
  scopes: { files: true, symbols: true, content: true },
  caseSensitive: false,
  wholeWord: false,
  regex: false,
  includeHidden: false,
};

export type FileItem = { kind: "file"; key: string; path: string; name: string };
export type SymbolItem = { kind: "symbol"; key: string; path: string; name: string; line: number; column: number | null; length: number; preview: string };
export type ContentItem = { kind: "content"; key: string; path: string; line: number; column: number | null; length: number; text: string };
export type SearchItem = FileItem | SymbolItem | ContentItem;

export interface SearchGroups {
  files: FileItem[];
  symbols: SymbolItem[];
  content: ContentItem[];
}

export const NO_GROUPS: SearchGroups = { files: [], symbols: [], content: [] };

/** The body of `POST /api/v2/coding-projects/{id}/search` (spec 02 §3). */
export interface ProjectSearchRequest {
  query: string;
  searchTypes: ("files" | "content" | "symbols")[];
  caseSensitive: boolean;
  includeHidden: boolean;
  maxResults: number;
  symbolOptions: { fuzzyMatch: boolean };
  contentOptions: { wholeWord: boolean; regex: boolean; maxFileSize: number };
}

export function requestBody(query: string, options: SearchOptions, searchTypes: ProjectSearchRequest["searchTypes"]): ProjectSearchRequest {
  return {
    query,
    searchTypes,
    caseSensitive: options.caseSensitive,
    includeHidden: options.includeHidden,
    maxResults: PROJECT_SEARCH.maxResults,
    symbolOptions: { fuzzyMatch: false },
    contentOptions: { wholeWord: options.wholeWord, regex: options.regex, maxFileSize: PROJECT_SEARCH.maxFileSize },
  };
}

/**
 * What the server is asked for: content and symbols always come from it; file names come from
 * the local cache, unless the cache is cut short (a very large project) or could not be read.
 */
export function remoteScopes(options: SearchOptions, localFilesComplete: boolean): ProjectSearchRequest["searchTypes"] {
  const out: ProjectSearchRequest["searchTypes"] = [];
  if (options.scopes.files && !localFilesComplete) out.push("files");
  if (options.scopes.content) out.push("content");
  if (options.scopes.symbols) out.push("symbols");
  return out;
}

/** How a file name is tested; null when the query is a regular expression that does not parse. */
export function nameMatcher(query: string, options: Pick<SearchOptions, "caseSensitive" | "regex">): ((name: string) => boolean) | null {
  if (options.regex) {
    try {
      const re = new RegExp(query, options.caseSensitive ? "u" : "iu");
      return (name) => re.test(name);
    } catch {
      return null;
    }
  }
  if (options.caseSensitive) return (name) => name.includes(query);
  const needle = query.toLowerCase();
  return (name) => name.toLowerCase().includes(needle);
}

const isHiddenPath = (file: ListedFile) => file.isHidden;

/** File names from the cached list: names starting with the query first, then shorter paths. */
export function matchCachedFiles(files: readonly ListedFile[], query: string, options: SearchOptions): FileItem[] | null {
  const matches = nameMatcher(query, options);
  if (!matches) return null;
  const lower = query.toLowerCase();
  const found = files.filter((f) => (options.includeHidden || !isHiddenPath(f)) && matches(f.name));
  const rank = (f: ListedFile) => (f.name.toLowerCase().startsWith(lower) ? 0 : 1);
  found.sort((a, b) => rank(a) - rank(b) || a.path.length - b.path.length || a.path.localeCompare(b.path));
  return found.slice(0, PROJECT_SEARCH.localFileMax).map((f) => ({ kind: "file", key: `file:${f.path}`, path: f.path, name: f.name }));
}

/** Local file names and the server's answer in one set of groups; a path appears once. */
export function mergeResults(localFiles: readonly FileItem[] | null, remote: ProjectSearchAnswer | null): SearchGroups {
  const files: FileItem[] = [...(localFiles ?? [])];
  const seen = new Set(files.map((f) => f.path));
  for (const f of remote?.results.files ?? []) {
    // Folders are the explorer's business: a search result opens a file.
    if (f.type !== "file" || seen.has(f.path) || files.length >= PROJECT_SEARCH.localFileMax) continue;
    seen.add(f.path);
    files.push({ kind: "file", key: `file:${f.path}`, path: f.path, name: f.name });
  }
  const symbols: SymbolItem[] = (remote?.results.symbols ?? []).map((s, i) => ({
    kind: "symbol",
    key: `symbol:${s.filePath}:${s.lineNumber}:${i}`,
    path: s.filePath,
    name: s.symbolName,
    line: s.lineNumber,
    column: s.column ?? null,
    length: s.matchLength ?? s.symbolName.length,
    preview: s.preview,
  }));
  const content: ContentItem[] = (remote?.results.content ?? []).map((c, i) => ({
    kind: "content",
    key: `content:${c.filePath}:${c.lineNumber}:${i}`,
    path: c.filePath,
    line: c.lineNumber,
    column: c.column ?? null,
    length: c.matchLength ?? 0,
    text: c.line,
  }));
  return { files, symbols, content };
}

/** The groups in the order shown: Files, Symbols, Content. */
export function flatten(groups: SearchGroups): SearchItem[] {
  return [...groups.files, ...groups.symbols, ...groups.content];
}

export const resultCount = (groups: SearchGroups) => groups.files.length + groups.symbols.length + groups.content.length;

/** ↑/↓ through the list, wrapping at both ends; -1 (nothing active) goes to the first or last. */
export function moveActive(current: number, delta: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return delta === 1 ? 0 : count - 1;
  return (current + delta + count) % count;
}

/** The folder part of a path ("" at the project's root). */
export function folderOf(path: string): string {
  const at = path.lastIndexOf("/");
  return at < 0 ? "" : path.slice(0, at);
}

export interface Excerpt {
  before: string;
  match: string;
  after: string;
}

/**
 * A line cut to about `width` characters around its match, with the match apart so it can be
 * marked. Without a known match (or past the text the server sent) the line's start is shown.
 */
export function excerpt(text: string, column: number | null, length: number, width = 120): Excerpt {
  // One space per tab keeps every column where the server counted it.
  const line = text.replace(/\t/g, " ");
  const start = column ?? -1;
  if (start < 0 || start + length > line.length) {
    const plain = line.trimStart();
    return { before: plain.length > width ? `${plain.slice(0, width)}…` : plain, match: "", after: "" };
  }
  const lead = Math.max(0, Math.min(start - 30, start + length + 30 - width));
  const head = line.slice(lead, start);
  const before = lead > 0 ? `…${head}` : head.trimStart();
  const tailEnd = Math.max(start + length, lead + width);
  const after = line.slice(start + length, tailEnd) + (tailEnd < line.length ? "…" : "");
  return { before, match: line.slice(start, start + length), after };
}
