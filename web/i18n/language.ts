/**
 * The language lives in the first path segment (`/zh/home`). Routes without one fall back to the
 * saved choice, then the browser's, then English. These helpers are pure so the router, the API
 * client and the tests share one definition of "the language of this path".
 */
export const LANGUAGES = ["en", "zh"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/** localStorage key of the last language the user picked or visited. */
export const LANGUAGE_STORAGE_KEY = "lang";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The language segment of a path, or null when the path has none. */
export function pathLanguage(pathname: string): Language | null {
  const first = pathname.split("/")[1];
  return isLanguage(first) ? first : null;
}

/** The path with its language segment removed ("/zh/usage" -> "/usage", "/zh" -> "/"). */
export function stripLanguage(pathname: string): string {
  if (!pathLanguage(pathname)) return pathname || "/";
  const rest = pathname.slice(3);
  return rest.startsWith("/") ? rest : `/${rest}`;
}

/** Swaps (or adds) the language segment and keeps the rest of the path. */
export function withLanguage(pathname: string, lang: Language): string {
  const rest = stripLanguage(pathname);
  return rest === "/" ? `/${lang}` : `/${lang}${rest}`;
}

/** Picks the first supported language out of browser preferences such as "zh-CN". */
export function browserLanguage(preferences: readonly string[] | undefined): Language | null {
  for (const pref of preferences ?? []) {
    const base = pref.toLowerCase().split("-")[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

export function savedLanguage(): Language | null {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null; // storage can be blocked (private mode, sandboxed iframe)
  }
}

export function saveLanguage(lang: Language): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Not being able to remember the choice is harmless; the URL still carries it.
  }
}

/** The language a path should render in: its own segment, else saved, else browser, else en. */
export function resolveLanguage(pathname: string): Language {
  const nav = globalThis.navigator as Navigator | undefined;
  return pathLanguage(pathname) ?? savedLanguage() ?? browserLanguage(nav?.languages ?? (nav?.language ? [nav.language] : [])) ?? DEFAULT_LANGUAGE;
}

/** The path that leads to `rest` in the same language style as `pathname` (prefixed or not). */
export function samePrefix(pathname: string, rest: string): string {
  const lang = pathLanguage(pathname);
  return lang ? withLanguage(rest, lang) : rest;
}
