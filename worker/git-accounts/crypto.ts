import type { Env } from "../env";

/**
 * Git host tokens at rest: AES-256-GCM with a key derived by HKDF from GIT_TOKEN_KEY (or, unset,
 * BETTER_AUTH_SECRET), so a copy of the database alone reveals no token. The row's user and
 * provider are the additional data: a ciphertext moved to another user's row does not decrypt.
 * Stored as `v1.<base64url(iv ‖ ciphertext)>`; the version leaves room for a key rotation.
 */

const VERSION = "v1";
const IV_BYTES = 12;
const keys = new Map<string, Promise<CryptoKey>>();

function secretOf(env: Env): string {
  return env.GIT_TOKEN_KEY?.trim() || env.BETTER_AUTH_SECRET;
}

function keyFor(env: Env): Promise<CryptoKey> {
  const secret = secretOf(env);
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new TextEncoder().encode("git-account-tokens"), info: new TextEncoder().encode("aes-gcm-256 v1") },
          base,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    keys.set(secret, key);
  }
  return key;
}

function toBase64Url(bytes: Uint8Array): string {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): Uint8Array {
  const raw = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

/** What the ciphertext is bound to. */
export interface TokenOwner {
  userId: string;
  provider: string;
}

const aad = (owner: TokenOwner) => new TextEncoder().encode(`${owner.provider}:${owner.userId}`);

export async function sealToken(env: Env, owner: TokenOwner, token: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: aad(owner) }, await keyFor(env), new TextEncoder().encode(token));
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), IV_BYTES);
  return `${VERSION}.${toBase64Url(out)}`;
}

/** The token, or null when the text was not sealed for this owner with this key (changed secret, moved row). */
export async function openToken(env: Env, owner: TokenOwner, sealed: string): Promise<string | null> {
  const [version, body] = sealed.split(".", 2);
  if (version !== VERSION || !body) return null;
  try {
    const bytes = fromBase64Url(body);
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.subarray(0, IV_BYTES), additionalData: aad(owner) },
      await keyFor(env),
      bytes.subarray(IV_BYTES),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** SHA-256 hex: OAuth states are looked up by their hash, so the table never holds a usable state. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** 32 random bytes, base64url. */
export function randomState(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}
