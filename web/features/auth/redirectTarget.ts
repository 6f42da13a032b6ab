/**
 * Where to go after signing in: the `?redirect=` path when it stays on this site, else home.
 * Anything that could leave the origin ("//evil.test", "https://...", "/\\evil") is ignored.
 */
export function safeRedirect(raw: string | null, fallback: string): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return fallback;
  return raw;
}
