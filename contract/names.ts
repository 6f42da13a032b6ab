import * as v from "valibot";

/**
 * One rule for every name a person types (their own, a group's, a VIRE's, a knowledge base's, a
 * file's): other people see these names in lists, mentions, notifications and agent prompts, so a
 * name must not be able to hide, reorder or impersonate text. The server and the forms share it.
 */

/** Characters that change how the text around them is laid out: embeddings, overrides, isolates. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;
/** C0/C1 controls and DEL, line and paragraph separators: they break lines, logs and prompts. */
const CONTROLS = /[\p{Cc}\u2028\u2029]/u;
/**
 * Whitespace and invisible characters at the ends (zero-width space/joiners, word joiner, BOM,
 * Mongolian vowel separator): trimmed, so "Alice\u200B" cannot pose as a second "Alice". Inside a
 * name the joiners stay, as emoji sequences and some scripts need them.
 */
const EDGE_INVISIBLES = /^[\s\u200B-\u200D\u2060\uFEFF\u180E]+|[\s\u200B-\u200D\u2060\uFEFF\u180E]+$/gu;
const LATIN = /\p{Script=Latin}/u;
const LOOK_ALIKE_SCRIPTS = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/** NFC first, so the same visible name is the same stored string, then the ends are trimmed. */
export function normalizeName(raw: string): string {
  return raw.normalize("NFC").replace(EDGE_INVISIBLES, "");
}

/**
 * "Аlice" with a Cyrillic А looks exactly like "Alice". Latin mixed with Cyrillic or Greek in one
 * name is refused; names written wholly in one of those scripts are fine.
 */
export function mixesLookAlikeScripts(name: string): boolean {
  return LATIN.test(name) && LOOK_ALIKE_SCRIPTS.test(name);
}

export const NAME_TEXTS = {
  control: (label: string) => `${label} cannot contain control characters`,
  bidi: (label: string) => `${label} cannot contain text direction characters`,
  mixedScripts: (label: string) => `${label} cannot mix Latin letters with Cyrillic or Greek letters`,
} as const;

export interface NameRule {
  /** How the texts call it: "Name", "Group name", "VIRE name"… */
  label: string;
  max: number;
  /** Missing, not a string, or empty after trimming (the spec's texts where it has them). */
  required: string;
  tooLong: string;
  /** File names legitimately mix scripts with a Latin extension; people's and things' names do not. */
  allowMixedScripts?: boolean;
}

/**
 * The schema for one kind of name. A missing key counts as empty, so it gets `required` rather
 * than valibot's key error. The raw length is capped before normalising, so a 50,000-character
 * name costs nothing and gets the same "too long" text.
 */
export function nameSchema(rule: NameRule) {
  return v.pipe(
    v.optional(v.string(rule.required), ""),
    v.maxLength(rule.max * 4, rule.tooLong),
    v.transform(normalizeName),
    v.minLength(1, rule.required),
    v.maxLength(rule.max, rule.tooLong),
    v.check((s) => !CONTROLS.test(s), NAME_TEXTS.control(rule.label)),
    v.check((s) => !BIDI_CONTROLS.test(s), NAME_TEXTS.bidi(rule.label)),
    v.check((s) => rule.allowMixedScripts === true || !mixesLookAlikeScripts(s), NAME_TEXTS.mixedScripts(rule.label)),
  );
}

const BIDI_CONTROLS_ALL = /[\u202A-\u202E\u2066-\u2069]/gu;
const CONTROLS_ALL = /[\p{Cc}\u2028\u2029]/gu;

/**
 * For file names that arrive inside other data (a chat message's attachments): cleaned rather than
 * refused, so "invoice\u202Efdp.exe" shows as what it is, "invoicefdp.exe", and the message still goes.
 */
export function cleanFileName(raw: string): string {
  return normalizeName(raw.normalize("NFC").replace(CONTROLS_ALL, "").replace(BIDI_CONTROLS_ALL, ""));
}
