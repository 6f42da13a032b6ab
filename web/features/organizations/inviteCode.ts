/**
 * People paste whatever they were sent: the bare code, the path, or the full link (possibly with
 * a language prefix or a query). All of them name the same code.
 */
export function extractInviteCode(input: string): string {
  const text = input.trim();
  const match = /\/join\/([^/?#\s]+)/.exec(text);
  return decodeURIComponent(match?.[1] ?? text);
}
