/**
 * What of a page's address analytics keep. Counting is per page, so the query string and fragment
 * are dropped altogether (they carry chat ids, search text, redirect targets and sign-in codes), the
 * language prefix is folded away (/zh/home is /home), invitation codes in the path become `:code`,
 * and segments that look like ids become `:id`, so one page is one row however many chats or
 * projects it shows.
 */

const MAX_SEGMENTS = 8;
const MAX_SEGMENT_CHARS = 64;
const LANGUAGE_PREFIX = /^\/(?:en|zh)(?=\/|$)/i;
/** Pages whose next path segment is a secret: whoever holds an invitation code may use it. */
const SECRET_AFTER = new Set(["join", "group-invite", "friend-invite"]);

function looksLikeId(segment: string): boolean {
  return segment.length > 32 || (segment.length >= 6 && /\d/.test(segment)) || /^[0-9a-f-]{12,}$/i.test(segment);
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The page a path names, e.g. `/zh/join/AB12CD?x=1` → `/join/:code`. */
export function pageOf(path: string): string {
  const bare = path.split(/[?#]/, 1)[0]!.replace(LANGUAGE_PREFIX, "");
  const segments = bare.split("/").filter(Boolean).slice(0, MAX_SEGMENTS);
  const kept = segments.map((segment, i) => {
    if (i > 0 && SECRET_AFTER.has(segments[i - 1]!.toLowerCase())) return ":code";
    const text = decoded(segment);
    return looksLikeId(text) ? ":id" : text.toLowerCase().slice(0, MAX_SEGMENT_CHARS);
  });
  return `/${kept.join("/")}`;
}

/**
 * Where a visitor came from: a page of this site (normalised like any page), or only the origin of
 * another site (its path and query are that site's business). Null when unreadable.
 */
export function referrerOf(referrer: string | null | undefined, siteOrigin: string): string | null {
  if (!referrer) return null;
  if (referrer.startsWith("/") && !referrer.startsWith("//")) return pageOf(referrer);
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin === siteOrigin ? pageOf(url.pathname) : url.origin;
  } catch {
    return null;
  }
}

/**
 * The sign-in and sign-up pages are only ever seen signed out. Their views are dropped with every
 * visitor's, so their leave (sent once the user has signed in) is dropped too, not counted alone.
 */
export function isVisitorPage(page: string): boolean {
  return page === "/auth" || page.startsWith("/auth/");
}
