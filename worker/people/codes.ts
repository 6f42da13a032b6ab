/**
 * An invitation code is the link's only secret: 24 random bytes (192 bits) as base64url, so it
 * cannot be guessed and needs no escaping in a URL.
 */
export function newInviteCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
