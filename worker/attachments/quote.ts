import { cleanFileName } from "../../contract";
import { quoteData } from "../agents/prompt";
import { cutText } from "./text";

/** A name inside a bracketed note: one line, no brackets that could end the note early. */
export function noteName(name: string): string {
  return cleanFileName(name).replace(/[[\]]/g, "_") || "unnamed";
}

/**
 * File content quoted for the model: a title line, then the content in a code fence longer than any
 * run of backticks inside it, so the content cannot close its own block and continue as our text.
 */
export function quotedBlock(title: string, content: string): string {
  const body = quoteData(content);
  let longest = 0;
  for (const run of body.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = "`".repeat(Math.max(3, longest + 1));
  return `${title}\n${fence}\n${body}\n${fence}`;
}

/**
 * Content cut to `max` characters, and the note that says so (empty when nothing was cut).
 * `moreBeyond`: the content is itself the start of something longer, whose length is unknown.
 */
export function capped(content: string, max: number, moreBeyond = false): { content: string; note: string } {
  const cut = cutText(content, max);
  if (cut.length === content.length && !moreBeyond) return { content, note: "" };
  const total = moreBeyond ? "" : ` of ${content.length.toLocaleString("en-US")}`;
  return { content: cut, note: `\n[Truncated: only the first ${cut.length.toLocaleString("en-US")}${total} characters are included.]` };
}
