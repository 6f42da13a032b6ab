import { foldToken, tokensOf, type SearchTerm } from "./text";

/**
 * Highlighted text is rendered by the client as HTML: everything but our own `<mark>` tags is
 * escaped here, which makes this the XSS boundary of search.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

type Range = [start: number, end: number];

function merged(ranges: Range[]): Range[] {
  const out: Range[] = [];
  for (const r of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out.at(-1);
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

function render(text: string, ranges: Range[], from = 0, to = text.length): string {
  let html = "";
  let at = from;
  for (const [s, e] of ranges) {
    const start = Math.max(s, from);
    const end = Math.min(e, to);
    if (end <= start) continue;
    html += `${escapeHtml(text.slice(at, start))}<mark>${escapeHtml(text.slice(start, end))}</mark>`;
    at = end;
  }
  return html + escapeHtml(text.slice(at, to));
}

/** Where the terms occur in `text`, token by token, as the index matched them. */
function termRanges(text: string, terms: SearchTerm[]): Range[] {
  const tokens = tokensOf(text);
  const folded = tokens.map((t) => foldToken(t.text));
  const ranges: Range[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    for (const { units } of terms) {
      if (units.every((u, k) => folded[i + k] === foldToken(u))) ranges.push([tokens[i]!.start, tokens[i + units.length - 1]!.end]);
    }
  }
  return merged(ranges);
}

/** Characters of message text around the first match that a result shows. */
export const SNIPPET_CHARS = 160;
/** Of those, how many come before the first match. */
const SNIPPET_LEAD = 50;

/** Moves an index off the second half of a surrogate pair, so no emoji is cut in two. */
function onCodePoint(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff ? index - 1 : index;
}

/**
 * A message's text for a result: a window around the first matched word (with … where it is cut),
 * plain and highlighted. The text is NFC-normalized first so offsets line up with the tokens.
 */
export function messageSnippet(content: string, terms: SearchTerm[]): { text: string; html: string } {
  const text = content.normalize("NFC");
  const ranges = termRanges(text, terms);
  let from = 0;
  let to = text.length;
  if (text.length > SNIPPET_CHARS) {
    from = onCodePoint(text, Math.max(0, Math.min((ranges[0]?.[0] ?? 0) - SNIPPET_LEAD, text.length - SNIPPET_CHARS)));
    to = onCodePoint(text, Math.min(text.length, from + SNIPPET_CHARS));
    // A cut never splits a highlighted word.
    const inside = ranges.find(([s, e]) => s < to && e > to);
    if (inside) to = inside[1];
  }
  const before = from > 0 ? "…" : "";
  const after = to < text.length ? "…" : "";
  return { text: before + text.slice(from, to) + after, html: escapeHtml(before) + render(text, ranges, from, to) + escapeHtml(after) };
}

/** The words of a query for matching names, e-mails and roles: whitespace-separated, as typed. */
export function wordsOf(query: string): string[] {
  return [...new Set(query.trim().split(/\s+/).filter(Boolean))];
}

function wordPattern(words: string[]): RegExp | null {
  if (words.length === 0) return null;
  return new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "giu");
}

/** Whether every word occurs somewhere in the fields (case-insensitive substring). */
export function matchesAllWords(fields: (string | null | undefined)[], words: string[]): boolean {
  const hay = fields.filter(Boolean).join("\n");
  return words.length > 0 && words.every((w) => wordPattern([w])!.test(hay));
}

/** `text` escaped, with every occurrence of any word marked. */
export function highlightWords(text: string, words: string[]): string {
  const pattern = wordPattern(words);
  if (!pattern) return escapeHtml(text);
  const ranges: Range[] = [];
  for (const m of text.matchAll(pattern)) if (m[0].length > 0) ranges.push([m.index, m.index + m[0].length]);
  return render(text, merged(ranges));
}
