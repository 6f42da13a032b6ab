import type { Env } from "../env";

/**
 * better-auth's own scrypt (N = 16384, r = 16) costs a tenth of a second or more per sign-up and per
 * sign-in, and the Worker tests sign up hundreds of users. With TEST_CHEAP_PASSWORD_HASH set (only the
 * Worker test config sets it, for every file but the auth tests) passwords are salted and hashed with a
 * cheap PBKDF2 instead, stored in the same `salt:key` hex form. Unset, as in every deploy, better-auth
 * hashes with its scrypt as always.
 */
const ITERATIONS = 1000;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

async function key(password: string, salt: string): Promise<string> {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(password.normalize("NFKC")), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt: new TextEncoder().encode(salt), iterations: ITERATIONS }, material, 512);
  return hex(new Uint8Array(bits));
}

export function testPasswordHash(env: Env) {
  if (env.TEST_CHEAP_PASSWORD_HASH !== "1") return undefined;
  return {
    hash: async (password: string) => {
      const salt = hex(crypto.getRandomValues(new Uint8Array(16)));
      return `${salt}:${await key(password, salt)}`;
    },
    verify: async ({ hash, password }: { hash: string; password: string }) => {
      const [salt, stored] = hash.split(":");
      return Boolean(salt && stored) && (await key(password, salt!)) === stored;
    },
  };
}
