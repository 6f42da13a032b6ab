import * as v from "valibot";
import type { Reference } from "../../contract";
import type { Env } from "../env";
import { hostJson, jsonInit, type WorkspaceRef } from "./host";

/** `find-react-references` query (spec 03 §7.1); only `q` decides the answer here. */
export const ReferencesQuery = v.object({
  q: v.pipe(v.string("q is required"), v.trim(), v.minLength(1, "q is required"), v.maxLength(200), v.regex(/^[A-Za-z_$][\w$]*$/, "q must be an identifier")),
  language: v.optional(v.string()),
  row: v.optional(v.string()),
  col: v.optional(v.string()),
  ref: v.optional(v.string()),
  blob_path: v.optional(v.string()),
  code_nav_context: v.optional(v.string()),
  symbol_kind: v.optional(v.string()),
});

const MAX_REFERENCES = 200;

/**
 * Every whole-word occurrence of an identifier in the project, from the host's content search:
 * a plain-text stand-in for a language server's references, good enough for "go to reference".
 */
export async function findReferences(env: Env, project: WorkspaceRef, q: string): Promise<Reference[]> {
  const found = await hostJson<{ results: { content: { filePath: string; lineNumber: number; line: string }[] } }>(
    env,
    project,
    "search",
    {},
    jsonInit("POST", { query: q, searchTypes: ["content"], caseSensitive: true, maxResults: MAX_REFERENCES, contentOptions: { wholeWord: true } }, 30_000),
  );
  const word = new RegExp(`(?<![\\w$])${q.replace(/\$/g, "\\$")}(?![\\w$])`, "g");
  const out: Reference[] = [];
  for (const hit of found.results.content) {
    for (const m of hit.line.matchAll(word)) {
      const line = hit.lineNumber - 1;
      out.push([hit.filePath, { name: q, start: { line, character: m.index }, end: { line, character: m.index + q.length } }]);
    }
  }
  return out.slice(0, MAX_REFERENCES);
}
