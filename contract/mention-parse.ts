import { MENTION_PREVIEW_CHARS } from "./mentions";

/**
 * @mentions in a message's text (spec 01 §5 "Mentions", spec 02 §5). Pure, so the server (who gets
 * notified) and the browser (highlighting, the popup) read a text the same way.
 */

/** Words that mention everyone in the chat, case-insensitive. */
export const MENTION_ALL_WORDS = ["all", "everyone", "here"] as const;

/** Someone who can be mentioned: by their name, or by their username, case-insensitive. */
export interface MentionCandidate {
  id: string;
  name: string;
  username?: string | null;
}

/** One @mention found in the text; `start` is the index of the @, `end` is just past the name. */
export interface MentionMatch {
  start: number;
  end: number;
  /** The name as written, without the @. */
  name: string;
  /** @all, @everyone or @here. */
  all: boolean;
  /** Participants with this name or username; empty for mention-all and without a participant list. */
  ids: string[];
}

export interface MentionParse {
  /** The text mentions everyone. */
  all: boolean;
  /** Everyone mentioned by name, each once, in order of first mention. */
  ids: string[];
  matches: MentionMatch[];
}

/** `@file:path` points at a project file (spec 02 §2.8), never at a person. */
const FILE_REFERENCE = /^file:\S*/i;
/** Letters (any script, CJK included), digits, underscore and hyphen continue a name. */
const NAME_CHAR = /[\p{L}\p{N}_-]/u;
/** Scripts written without spaces between words: a name in them may run straight into the next word. */
const UNSPACED_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/**
 * What may stand right before an @ that starts a mention: not a character of an e-mail's local part
 * (`bob@example.com` mentions nobody). Unspaced scripts may touch it ("你好@张三").
 */
const EMAIL_CHAR = /[\p{L}\p{N}_.+-]/u;
/** Without a participant list, a name is a word of letters, digits, underscores and hyphens (a CJK name: one unbroken run)… */
const FREE_WORD = /^[\p{L}\p{N}_-]+/u;
/** …and the further words that follow while they are capitalised ("@Anna Lee said" names "Anna Lee"), so plain words are not swallowed. */
const FREE_MORE = /^(?: [\p{Lu}\p{Lt}][\p{L}\p{N}_-]*)*/u;

function charBefore(text: string, index: number): string {
  if (index <= 0) return "";
  const code = text.charCodeAt(index - 1);
  // The low half of a surrogate pair: take the whole character.
  return code >= 0xdc00 && code <= 0xdfff && index >= 2 ? text.slice(index - 2, index) : text.charAt(index - 1);
}

function charAt(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? "" : String.fromCodePoint(code);
}

function startsMention(text: string, at: number): boolean {
  const before = charBefore(text, at);
  return before === "" || !EMAIL_CHAR.test(before) || UNSPACED_CHAR.test(before);
}

/** A name ends where the text stops being a name: at a space, punctuation, or a change out of an unspaced script. */
function endsName(text: string, end: number): boolean {
  const next = charAt(text, end);
  if (next === "" || !NAME_CHAR.test(next)) return true;
  return UNSPACED_CHAR.test(charBefore(text, end)) || UNSPACED_CHAR.test(next);
}

interface Label {
  /** Lower-cased, for comparing. */
  key: string;
  length: number;
  all: boolean;
  ids: string[];
}

/** Every name, username and mention-all word once, longest first, so "@Anna Lee" wins over "@Ann". */
function labelsOf(participants: readonly MentionCandidate[]): Label[] {
  const byKey = new Map<string, Label>();
  const add = (raw: string | null | undefined, id: string | null) => {
    const text = (raw ?? "").trim();
    if (!text) return;
    const key = text.toLowerCase();
    let label = byKey.get(key);
    if (!label) {
      label = { key, length: text.length, all: false, ids: [] };
      byKey.set(key, label);
    }
    if (id === null) label.all = true;
    else if (!label.ids.includes(id)) label.ids.push(id);
  };
  for (const word of MENTION_ALL_WORDS) add(word, null);
  for (const p of participants) {
    add(p.name, p.id);
    add(p.username, p.id);
  }
  // A participant literally named "all" is still reached by "@all": it mentions everyone, them too.
  return [...byKey.values()].sort((a, b) => b.length - a.length);
}

function matchLabel(text: string, from: number, labels: Label[]): Label | null {
  for (const label of labels) {
    const end = from + label.length;
    if (end > text.length) continue;
    if (text.slice(from, end).toLowerCase() !== label.key) continue;
    if (endsName(text, end)) return label;
  }
  return null;
}

/**
 * The mentions in `text`. With a participant list (even an empty one) only @all/@everyone/@here and
 * those participants' names or usernames count, matched longest first and never overlapping. With
 * no list (null/undefined) any @name counts, and `ids` stays empty.
 */
export function parseMentions(text: string, participants?: readonly MentionCandidate[] | null): MentionParse {
  const labels = participants ? labelsOf(participants) : null;
  const matches: MentionMatch[] = [];
  let at = text.indexOf("@");
  while (at !== -1) {
    let next = at + 1;
    const rest = text.slice(at + 1);
    const file = FILE_REFERENCE.exec(rest);
    if (file) {
      next = at + 1 + file[0].length;
    } else if (startsMention(text, at)) {
      const match = labels ? fromLabels(text, at, labels) : freeMention(text, at, rest);
      if (match) {
        matches.push(match);
        next = match.end;
      }
    }
    at = text.indexOf("@", next);
  }
  const ids: string[] = [];
  for (const m of matches) for (const id of m.ids) if (!ids.includes(id)) ids.push(id);
  return { all: matches.some((m) => m.all), ids, matches };
}

function fromLabels(text: string, at: number, labels: Label[]): MentionMatch | null {
  const label = matchLabel(text, at + 1, labels);
  if (!label) return null;
  const end = at + 1 + label.length;
  return { start: at, end, name: text.slice(at + 1, end), all: label.all, ids: label.all ? [] : [...label.ids] };
}

function freeMention(text: string, at: number, rest: string): MentionMatch | null {
  const word = FREE_WORD.exec(rest)?.[0];
  if (!word) return null;
  const all = (MENTION_ALL_WORDS as readonly string[]).includes(word.toLowerCase());
  const name = all ? word : word + (FREE_MORE.exec(rest.slice(word.length))?.[0] ?? "");
  return { start: at, end: at + 1 + name.length, name, all, ids: [] };
}

/** The notification's preview: the message on one line, cut at MENTION_PREVIEW_CHARS characters (not UTF-16 halves). */
export function mentionPreview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  return chars.length <= MENTION_PREVIEW_CHARS ? flat : chars.slice(0, MENTION_PREVIEW_CHARS).join("");
}

/**
 * The run "room" of a VIRE answering a discussion mention. Its own room, apart from the agent stream
 * (`chatId`): a plain answer in the discussion neither waits for nor blocks the controller's runs.
 */
export function discussRoomOf(chatId: string): string {
  return `${chatId}_discuss`;
}
