/** Only web pages may be framed: a `javascript:` or `data:` URL from a bad service entry is refused. */
export function safePreviewUrl(url: string | null, base?: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, base ?? window.location.href);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}
