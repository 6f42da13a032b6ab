import { CJK, searchTextOf } from "../lib/search-text";

/**
 * The tokenizer of every shard's FTS index. Besides letters and digits (unicode61's default) it
 * keeps marks, so Devanagari or Thai words stay whole, and symbols, so an emoji is a word too.
 */
export const SHARD_TOKENIZER = "unicode61 remove_diacritics 2 categories 'L* N* Co M* So'";

/** Emoji and other symbols stand alone, like CJK characters: "🎉party" is two words. */
const SYMBOL_ALL = /\p{So}/gu;
/** More words than this in one query are dropped: a query of 100 one-letter words helps nobody. */
export const MAX_QUERY_TERMS = 16;

function normalized(text: string): string {
  return text.normalize("NFKC");
}

/** The text a message is indexed by: NFKC-normalized, with CJK characters and symbols spaced apart. */
export function indexTextOf(content: string): string {
  return searchTextOf(normalized(content).replace(SYMBOL_ALL, " $& "));
}

/**
 * One search term: a word, or a phrase of CJK characters (a Chinese word is its characters in a
 * row). `units` are the tokens of the term, lowercased; the index folds diacritics itself.
 */
export interface SearchTerm {
  units: string[];
}

/**
 * Case and diacritics folded, for the highlighter to compare a text's tokens with the terms. It
 * folds at least as much as unicode61 does, so every word the index matched is marked.
 */
export function foldToken(token: string): string {
  return token
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .toLowerCase();
}

/** A text cut into unicode61's tokens, each with where it stands in the text. */
export interface Token {
  text: string;
  start: number;
  end: number;
}

/** One token: a CJK character, a symbol, or a run of other token characters. */
const TOKEN = new RegExp(`${CJK.source}|\\p{So}|(?:(?!${CJK.source})[\\p{L}\\p{N}\\p{Co}\\p{M}])+`, "gu");

/**
 * The tokens of `text` the way the shard's index sees them: runs of token characters, except
 * that each CJK character and each symbol is a token of its own.
 */
export function tokensOf(text: string): Token[] {
  return Array.from(text.matchAll(TOKEN), (m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

/**
 * The terms of what someone typed. Everything is data: quotes, `*`, `^`, `:`, parentheses and the
 * words AND/OR/NOT/NEAR are separators or plain words, never query syntax. Consecutive CJK
 * characters form one phrase term (a Chinese word is found as its characters in a row).
 */
export function termsOf(query: string): SearchTerm[] {
  const tokens = tokensOf(normalized(query));
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  const push = (units: string[]) => {
    const key = units.join(" ");
    if (units.length === 0 || seen.has(key)) return;
    seen.add(key);
    terms.push({ units });
  };
  let run: string[] = [];
  let runEnd = -1;
  for (const token of tokens) {
    const cjk = CJK.test(token.text);
    if (cjk && (run.length === 0 || token.start === runEnd)) {
      run.push(token.text);
      runEnd = token.end;
      continue;
    }
    push(run);
    run = [];
    if (cjk) {
      run = [token.text];
      runEnd = token.end;
    } else push([token.text.toLowerCase()]);
  }
  push(run);
  return terms.slice(0, MAX_QUERY_TERMS);
}

/**
 * The FTS5 MATCH expression for the terms: each a quoted phrase (any `"` doubled, though tokens
 * never hold one), all of them required. Null when the query has no searchable word.
 */
export function matchExpression(terms: SearchTerm[]): string | null {
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t.units.join(" ").replaceAll('"', '""')}"`).join(" AND ");
}

const JSON_CONTENT_FIELD = /"content":("(?:[^"\\]|\\.)*")/g;

/**
 * What a message says, for the index and the result. A merged forward is stored as JSON whose keys
 * ("senderName", "messageCount") must not make every forward match: its messages' texts are read
 * instead, one a line, field by field, so a copy the mirror cut short still gives what it holds.
 */
export function plainTextOf(content: string): string {
  if (!content.startsWith('{"type":"merged_forward"')) return content;
  const at = content.indexOf('"messages":[');
  const lines: string[] = [];
  for (const m of (at >= 0 ? content.slice(at) : content).matchAll(JSON_CONTENT_FIELD)) {
    try {
      lines.push(JSON.parse(m[1]!) as string);
    } catch {
      // a field cut in the middle of an escape: skip it
    }
  }
  return lines.join("\n");
}
