import { useLocation } from "react-router";

/** The query parameter that carries where to go once signed in. */
export const RETURN_PARAM = "redirect";

/** Any origin does: only whether the target stays on it matters. */
const PROBE_ORIGIN = "https://app.invalid";

/**
 * The path to go to after signing in, when `raw` is one on this site; else `fallback`. Only a path
 * that the URL parser resolves to our own origin passes: "//evil.test", "https://evil.test",
 * "/\evil.test", "javascript:…" and paths hiding a tab or newline (which browsers strip, turning
 * "/\t/evil.test" into "//evil.test") are all ignored.
 */
export function safeRedirect<F extends string | null>(raw: string | null | undefined, fallback: F): string | F {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with the return target attached: `/en/auth/signin?redirect=%2Fen%2Fhome%3FchatId%3D…`. */
export function withReturnTo(path: string, target: string | null): string {
  return target ? `${path}?${new URLSearchParams({ [RETURN_PARAM]: target })}` : path;
}

/**
 * Where a visitor on this page wants to be once signed in: the target the page was handed
 * (`?redirect=`), else the page itself when its address says more than the bare home page (a chat
 * link, `?chatId=`), else nowhere in particular.
 */
export function useReturnTarget(): string | null {
  const { pathname, search, hash } = useLocation();
  const params = new URLSearchParams(search);
  if (params.has(RETURN_PARAM)) return safeRedirect(params.get(RETURN_PARAM), null);
  return search || hash ? safeRedirect(`${pathname}${search}${hash}`, null) : null;
}
