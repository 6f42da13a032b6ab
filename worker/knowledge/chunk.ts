/** About a paragraph or two: small enough to be specific, big enough to carry its own context. */
export const CHUNK_TARGET = 800;
/** Carried over from the previous passage so a fact split across a boundary is still found whole. */
export const CHUNK_OVERLAP = 150;

// The CJK spacing lives in worker/lib so the message search shards use the very same rule.
export { CJK, searchTextOf } from "../lib/search-text";

interface Unit {
  text: string;
  /** Starts a paragraph, so it is joined with a blank line rather than a space. */
  para: boolean;
}

function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, " ")
    .split(/\n[ \t]*\n+/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** Cuts an over-long sentence at word boundaries (or anywhere, for text without spaces). */
function hardSplit(sentence: string, size: number): string[] {
  const out: string[] = [];
  let rest = sentence;
  while (rest.length > size) {
    const space = rest.lastIndexOf(" ", size);
    const cut = space > size / 2 ? space : size;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/** After a sentence's end mark: a space follows Latin ones, nothing need follow Chinese ones. A string, not a regex literal (skills.ts says why). */
const SENTENCE_END = new RegExp("(?<=[.!?…])\\s+|(?<=[。！？])");

function unitsOf(text: string, size: number): Unit[] {
  return paragraphsOf(text).flatMap((paragraph) =>
    paragraph
      .split(SENTENCE_END)
      .map((s) => s.trim())
      .filter(Boolean)
      .flatMap((s) => (s.length > size ? hardSplit(s, size) : [s]))
      .map((s, i) => ({ text: s, para: i === 0 })),
  );
}

function join(units: Unit[]): string {
  return units.map((u, i) => (i === 0 ? u.text : (u.para ? "\n\n" : " ") + u.text)).join("");
}

/** The end of a passage to repeat at the start of the next: whole sentences when they fit, else words. */
function overlapOf(units: Unit[], overlap: number): Unit[] {
  const tail: Unit[] = [];
  let length = 0;
  for (let i = units.length - 1; i > 0; i--) {
    length += units[i]!.text.length + 1;
    if (length > overlap) break;
    tail.unshift({ ...units[i]!, para: false });
  }
  if (tail.length) return tail;
  const last = units[units.length - 1]!.text;
  if (last.length <= overlap) return [{ text: last, para: false }];
  const words = last.slice(-overlap);
  const space = words.indexOf(" ");
  return [{ text: space >= 0 && space < overlap / 2 ? words.slice(space + 1) : words, para: false }];
}

/**
 * Splits a document into passages of about `size` characters on paragraph and sentence
 * boundaries, each starting with the last sentence(s) of the one before.
 */
export function chunkText(text: string, size = CHUNK_TARGET, overlap = CHUNK_OVERLAP): string[] {
  const chunks: string[] = [];
  let current: Unit[] = [];
  let fresh = 0;
  for (const unit of unitsOf(text, size)) {
    if (fresh > 0 && join([...current, unit]).length > size) {
      chunks.push(join(current));
      current = overlapOf(current, overlap);
      fresh = 0;
    }
    current.push(unit);
    fresh += 1;
  }
  if (fresh > 0) chunks.push(join(current));
  return chunks;
}
