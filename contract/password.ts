/**
 * The password policy, shared by the sign-up form and the server. The length and "not your own
 * e-mail or name" rules are here; the common-password dictionary (a large list) lives in
 * `contract/common-passwords.ts`, loaded by the server once per isolate and by the form on demand.
 */

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export const PASSWORD_TEXTS = {
  required: "Please enter your password",
  tooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX} characters`,
  personal: "Password must not contain your email or name",
  common: "This password is too common. Please choose a less common one.",
} as const;

/** Lower case, letters and digits only: "Alice.Chen" and "alice chen" are the same word. */
function folded(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * True when the password is, or contains, the e-mail's local part or the name (ignoring case and
 * punctuation), the first words an attacker tries for that account. Parts shorter than 4
 * characters are ignored so "Al" does not forbid every password with "al" in it.
 */
export function passwordIsPersonal(password: string, who: { email?: string; name?: string }): boolean {
  const pw = folded(password);
  const parts = [who.email ?? "", who.email?.split("@")[0] ?? "", who.name ?? "", ...(who.name ?? "").split(/\s+/)];
  return parts.map(folded).some((part) => part.length >= 4 && pw.includes(part));
}
