import type { Env } from "../env";

/**
 * The deploy's browser-facing settings:
 * - EMBED_ORIGINS: comma-separated origins (`https://portal.example.com`) whose pages may frame
 *   the app; the app itself always may. Empty: only the app itself.
 * - IMAGE_HOSTS: comma-separated hosts or origins (`images.example.com`, `https://cdn.example.com`,
 *   `*.example.com`) markdown images may load from, besides the app itself.
 */

function entries(value: string | undefined): string[] {
  return (value ?? "")
    .split(/[,\s]+/)
    .map((e) => e.trim())
    .filter(Boolean);
}

/** `https://a.example:8443/` → `https://a.example:8443`; anything that is not an http(s) origin is a configuration error. */
function originSetting(name: string, entry: string): string {
  let url: URL | null = null;
  try {
    url = new URL(entry);
  } catch {
    // reported below
  }
  if (
    !url ||
    (url.protocol !== "https:" && url.protocol !== "http:") ||
    url.origin === "null" ||
    (url.pathname !== "/" && url.pathname !== "") ||
    url.search ||
    url.hash
  ) {
    throw new Error(`Configuration error: ${name} entry "${entry}" is not an origin like https://example.com`);
  }
  return url.origin;
}

export function embedOrigins(env: Pick<Env, "EMBED_ORIGINS">): string[] {
  return entries(env.EMBED_ORIGINS).map((e) => originSetting("EMBED_ORIGINS", e));
}

/** CSP source expressions for IMAGE_HOSTS: a bare host means https only. */
export function imageSources(env: Pick<Env, "IMAGE_HOSTS">): string[] {
  return entries(env.IMAGE_HOSTS).map((e) => {
    if (e.includes("://")) return originSetting("IMAGE_HOSTS", e);
    if (!/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i.test(e))
      throw new Error(`Configuration error: IMAGE_HOSTS entry "${e}" is not a host like images.example.com`);
    return `https://${e.toLowerCase()}`;
  });
}

/**
 * Whether another site may frame the app. Its session cookie must then be `SameSite=None` (a Lax
 * cookie is not sent inside a cross-site frame), hence also Secure, and Partitioned so browsers
 * that block third-party cookies keep it for that parent (CHIPS).
 */
export function embedsOtherSites(env: Pick<Env, "EMBED_ORIGINS" | "BETTER_AUTH_URL">): boolean {
  const own = env.BETTER_AUTH_URL ? new URL(env.BETTER_AUTH_URL).origin : null;
  return embedOrigins(env).some((o) => o !== own);
}

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Plain http on this machine: the only place a cookie may go without Secure (browsers refuse it elsewhere anyway). */
export function isPlainLocalHttp(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === "http:" && LOCAL_HOSTS.has(u.hostname);
  } catch {
    return false;
  }
}
