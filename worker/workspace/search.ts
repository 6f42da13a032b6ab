import * as v from "valibot";

/** Spec 02 §3 "Project search request"; the host applies the same rules again. */
export const ProjectSearchBody = v.object({
  query: v.pipe(v.string("Please enter a search query"), v.trim(), v.minLength(1, "Please enter a search query"), v.maxLength(500, "Search query is too long")),
  searchTypes: v.optional(v.pipe(v.array(v.picklist(["files", "content", "symbols"], "Unknown search type")), v.minLength(1, "Choose what to search"))),
  caseSensitive: v.optional(v.boolean()),
  includeHidden: v.optional(v.boolean()),
  maxResults: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000))),
  fileTypes: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(20))), v.maxLength(50))),
  symbolOptions: v.optional(v.object({ searchType: v.optional(v.pipe(v.string(), v.maxLength(40))), fuzzyMatch: v.optional(v.boolean()) })),
  contentOptions: v.optional(
    v.object({
      wholeWord: v.optional(v.boolean()),
      regex: v.optional(v.boolean()),
      maxFileSize: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10 * 1024 * 1024))),
    }),
  ),
});
