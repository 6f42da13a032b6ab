import { MENTION_ALL_WORDS } from "../../../../contract";

/**
 * The `@` being typed in the composer and what it could become (spec 02 §2.8): `@name` picks a
 * person (or a virtual employee) of the chat, `@file:path` a file of the chat's project.
 */

export const FILE_PREFIX = "file:";
/** Longest text after `@` still read as a query; longer, the user is plainly writing something else. */
const QUERY_MAX = 60;
const PEOPLE_SHOWN = 8;
const FILES_SHOWN = 20;

export interface MentionQuery {
  kind: "people" | "file";
  /** Index of the `@` in the text. */
  start: number;
  /** Index where the typed query ends (the caret). */
  end: number;
  /** What follows `@` (or `@file:`) up to the caret. */
  query: string;
}

/** The mention the caret is in, or null. The `@` must start the text or follow whitespace, so e-mail addresses never open it. */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf("@");
  if (at < 0 || caret - at - 1 > QUERY_MAX) return null;
  if (at > 0 && !/\s/.test(before[at - 1]!)) return null;
  const typed = before.slice(at + 1);
  if (/[\n\r@]/.test(typed)) return null;
  if (typed.toLowerCase().startsWith(FILE_PREFIX)) {
    const query = typed.slice(FILE_PREFIX.length);
    return /\s/.test(query) ? null : { kind: "file", start: at, end: caret, query };
  }
  // Names can have spaces ('Ann Lee'), but not two in a row or at the start.
  if (/^\s|\s\s/.test(typed)) return null;
  return { kind: "people", start: at, end: caret, query: typed };
}

export interface MentionPerson {
  id: string;
  name: string;
  /** A virtual employee of the chat. */
  agent: boolean;
  /** The mention-all entry (`@all`). */
  everyone?: boolean;
}

export const EVERYONE_ID = "@all";

function rank(text: string, needle: string): number {
  const lower = text.toLowerCase();
  if (lower.startsWith(needle)) return 0;
  if (lower.split(/[\s/._-]+/).some((word) => word.startsWith(needle))) return 1;
  return lower.includes(needle) ? 2 : -1;
}

/**
 * People whose name matches the query: starts-with first, then a word of the name, then anywhere;
 * ties alphabetically. The mention-all entry comes last. A query with a space that no name starts
 * with is ordinary text (`@Ann thanks`), so nothing matches it.
 */
export function matchPeople(people: readonly MentionPerson[], query: string, withEveryone: boolean): MentionPerson[] {
  const needle = query.toLowerCase();
  const hasSpace = needle.includes(" ");
  const ranked = people
    .map((person) => ({ person, score: hasSpace ? (person.name.toLowerCase().startsWith(needle) ? 0 : -1) : rank(person.name, needle) }))
    .filter((entry) => entry.score >= 0)
    .sort((a, b) => a.score - b.score || a.person.name.localeCompare(b.person.name))
    .map((entry) => entry.person)
    .slice(0, PEOPLE_SHOWN);
  // The entry shows while the query could still become one of the words that mean everyone (spec 01 §5).
  if (withEveryone && !hasSpace && MENTION_ALL_WORDS.some((word) => word.startsWith(needle))) {
    ranked.push({ id: EVERYONE_ID, name: "all", agent: false, everyone: true });
  }
  return ranked;
}

/** Project files whose path matches: the file name first, then anywhere in the path; shorter paths first. */
export function matchFiles(paths: readonly string[], query: string): string[] {
  const needle = query.toLowerCase();
  return paths
    .map((path) => {
      const name = path.slice(path.lastIndexOf("/") + 1);
      const score = needle === "" ? 0 : name.toLowerCase().startsWith(needle) ? 0 : path.toLowerCase().includes(needle) ? 1 : -1;
      return { path, score };
    })
    .filter((entry) => entry.score >= 0)
    .sort((a, b) => a.score - b.score || a.path.length - b.path.length || a.path.localeCompare(b.path))
    .map((entry) => entry.path)
    .slice(0, FILES_SHOWN);
}

/** The text with the query replaced by the chosen mention and a space, and where the caret goes. */
export function insertMention(text: string, at: MentionQuery, token: string): { text: string; caret: number } {
  const inserted = `@${token} `;
  const rest = text.slice(at.end).replace(/^ /, "");
  return { text: text.slice(0, at.start) + inserted + rest, caret: at.start + inserted.length };
}
