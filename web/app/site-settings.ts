/**
 * Settings the Worker writes into the page's <head> (worker/lib/security-headers.ts): which parent
 * origins may embed the app (EMBED_ORIGINS) and which hosts markdown images may load from
 * (IMAGE_HOSTS). Absent (vite dev server): none but the app itself.
 */
function metaList(name: string): string[] {
  if (typeof document === "undefined") return [];
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? "";
  return content.split(/\s+/).filter(Boolean);
}

/** Origins an embedding parent may have: the app itself and EMBED_ORIGINS; never `*`. */
export function embedParentOrigins(): string[] {
  const own = typeof window === "undefined" ? [] : [window.location.origin];
  return [...new Set([...own, ...metaList("teamchat-embed-origins")])];
}

/** `https://*.example.com` matches `https://a.example.com`, not `https://example.com`. */
function matchesSource(url: URL, source: string): boolean {
  const [protocol, rest] = source.split("://");
  if (!rest || `${protocol}:` !== url.protocol) return false;
  if (rest.startsWith("*.")) return url.host.endsWith(rest.slice(1));
  return url.host === rest;
}

/**
 * Markdown images load only from the app itself (its attachment and upload urls) and IMAGE_HOSTS:
 * an image from anywhere else would tell that host who read the message, and when.
 */
export function isAllowedImageUrl(src: string | undefined): boolean {
  if (!src || typeof window === "undefined") return false;
  let url: URL;
  try {
    url = new URL(src, window.location.href);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.origin === window.location.origin) return true;
  return metaList("teamchat-image-hosts").some((source) => matchesSource(url, source));
}
