import { SEARCH_HISTORY_COOKIE_SECONDS, SEARCH_HISTORY_MAX } from "../../../contract";

/** Spec 01 §7: search history lives in a cookie (at most 10 queries, kept 30 days). */
export const SEARCH_HISTORY_COOKIE = "search_history";
/** Browsers drop a cookie above about 4 KB, so the oldest queries give way first. */
const MAX_COOKIE_VALUE = 3800;

function readCookie(name: string): string | null {
  if (typeof document === "undefined") return null;
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return null;
}

function writeCookie(name: string, value: string, maxAge: number): void {
  if (typeof document === "undefined") return;
  document.cookie = `${name}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/** Newest first; anything unreadable counts as no history. */
export function readSearchHistory(): string[] {
  const raw = readCookie(SEARCH_HISTORY_COOKIE);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(raw));
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((item): item is string => typeof item === "string" && item.trim() !== "").slice(0, SEARCH_HISTORY_MAX);
  } catch {
    return [];
  }
}

function encode(list: readonly string[]): string {
  return encodeURIComponent(JSON.stringify(list));
}

/** The query moves to the front (once), the list keeps the newest ten; returns what was stored. */
export function addToSearchHistory(query: string): string[] {
  const entry = query.trim();
  if (!entry) return readSearchHistory();
  let list = [entry, ...readSearchHistory().filter((item) => item !== entry)].slice(0, SEARCH_HISTORY_MAX);
  while (list.length > 1 && encode(list).length > MAX_COOKIE_VALUE) list = list.slice(0, -1);
  if (encode(list).length > MAX_COOKIE_VALUE) return readSearchHistory();
  writeCookie(SEARCH_HISTORY_COOKIE, encode(list), SEARCH_HISTORY_COOKIE_SECONDS);
  return list;
}

export function clearSearchHistory(): void {
  writeCookie(SEARCH_HISTORY_COOKIE, "", 0);
}
