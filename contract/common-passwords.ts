import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * The 49,000 most common passwords of the breach corpora zxcvbn ships, checked offline. Kept out
 * of `contract/index.ts` on purpose: the list is ~380 KB, so the Worker builds the set once per
 * isolate (module scope) and the web form imports this module only when a password is submitted.
 */
let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"] as string[]);
  return common;
}

/** Fewer than this many different characters ("aaaaaaaaaa", "ababababab") is as weak as a listed one. */
const MIN_DISTINCT_CHARACTERS = 4;

/**
 * True for a listed password, in any letter case, also with digits or punctuation added at the end
 * ("Password123!"), and for passwords made of almost a single character.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (new Set(lower).size < MIN_DISTINCT_CHARACTERS) return true;
  const list = commonPasswords();
  if (list.has(lower)) return true;
  const stem = lower.replace(/[\d\W_]+$/u, "");
  return stem.length >= 4 && list.has(stem);
}
