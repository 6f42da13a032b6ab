import * as v from "valibot";
import type { ProjectSearchAnswer } from "../../contract";

/** Results per group a caller may ask for; the search bar asks for 15 (spec 02 §9). */
export const SEARCH_MAX_RESULTS = 200;
export const SEARCH_MAX_FILE_SIZE = 10 * 1024 * 1024;
export const SEARCH_TEXTS = {
  query: "Please enter a search query",
  queryTooLong: "Search query is too long",
  maxResults: `maxResults must be a whole number from 1 to ${SEARCH_MAX_RESULTS}`,
  fileType: "File types must be extensions such as ts or .md",
  tooManyFileTypes: "Too many file types (limit 50)",
  maxFileSize: `maxFileSize must be a whole number of bytes up to ${SEARCH_MAX_FILE_SIZE}`,
} as const;

// An extension with or without its dot ("ts", ".md", "d.ts"): never a path, a glob or a pattern.
const FileType = v.pipe(
  v.string(SEARCH_TEXTS.fileType),
  v.maxLength(20, SEARCH_TEXTS.fileType),
  v.regex(/^\.?[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*$/, SEARCH_TEXTS.fileType),
);

/** Spec 02 §3 "Project search request"; the host applies the same rules again. */
export const ProjectSearchBody = v.object({
  query: v.pipe(v.string(SEARCH_TEXTS.query), v.trim(), v.minLength(1, SEARCH_TEXTS.query), v.maxLength(500, SEARCH_TEXTS.queryTooLong)),
  searchTypes: v.optional(v.pipe(v.array(v.picklist(["files", "content", "symbols"], "Unknown search type")), v.minLength(1, "Choose what to search"))),
  caseSensitive: v.optional(v.boolean()),
  includeHidden: v.optional(v.boolean()),
  maxResults: v.optional(
    v.pipe(
      v.number(SEARCH_TEXTS.maxResults),
      v.integer(SEARCH_TEXTS.maxResults),
      v.minValue(1, SEARCH_TEXTS.maxResults),
      v.maxValue(SEARCH_MAX_RESULTS, SEARCH_TEXTS.maxResults),
    ),
  ),
  fileTypes: v.optional(v.pipe(v.array(FileType, SEARCH_TEXTS.fileType), v.maxLength(50, SEARCH_TEXTS.tooManyFileTypes))),
  symbolOptions: v.optional(v.object({ searchType: v.optional(v.pipe(v.string(), v.maxLength(40))), fuzzyMatch: v.optional(v.boolean()) })),
  contentOptions: v.optional(
    v.object({
      wholeWord: v.optional(v.boolean()),
      regex: v.optional(v.boolean()),
      maxFileSize: v.optional(
        v.pipe(
          v.number(SEARCH_TEXTS.maxFileSize),
          v.integer(SEARCH_TEXTS.maxFileSize),
          v.minValue(1, SEARCH_TEXTS.maxFileSize),
          v.maxValue(SEARCH_MAX_FILE_SIZE, SEARCH_TEXTS.maxFileSize),
        ),
      ),
    }),
  ),
});

/** What the host answers (`POST search`); only the contract's fields go on to the browser. */
export type HostSearch = Omit<ProjectSearchAnswer, "stats"> & { stats: ProjectSearchAnswer["stats"] & { truncated?: boolean } };

export function toProjectSearchAnswer(host: HostSearch): ProjectSearchAnswer {
  const { files, content, symbols } = host.results;
  return {
    success: host.success,
    totalResults: host.totalResults,
    results: {
      files: files.map((f) => ({ name: f.name, path: f.path, type: f.type, size: f.size, lastModified: f.lastModified })),
      content: content.map((c) => ({ filePath: c.filePath, lineNumber: c.lineNumber, line: c.line, column: c.column, matchLength: c.matchLength })),
      symbols: symbols.map((s) => ({
        symbolName: s.symbolName,
        fileName: s.fileName,
        filePath: s.filePath,
        lineNumber: s.lineNumber,
        preview: s.preview,
        column: s.column,
        matchLength: s.matchLength,
      })),
    },
    stats: {
      symbolsFound: host.stats.symbolsFound,
      contentMatches: host.stats.contentMatches,
      filesFound: host.stats.filesFound,
      filesScanned: host.stats.filesScanned,
      truncated: host.stats.truncated === true,
    },
    errors: host.errors,
  };
}
