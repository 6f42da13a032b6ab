import { env } from "cloudflare:test";
import { getDb } from "../../worker/db/client";
import { createOwnOrganization } from "../../worker/db/organizations";
import { SESSION_SECONDS } from "../../worker/auth/session-times";
import { SESSION_COOKIE } from "../../worker/auth/fast-session";
import { testPasswordHash } from "../../worker/auth/test-password-hash";
import { devEmails, type Env } from "../../worker/env";

const workerEnv = env as unknown as Env;
const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function randomText(length: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join("");
}

/** `token.signature` as better-auth signs its session cookie: HMAC-SHA-256 with the secret, base64. */
async function signed(token: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(workerEnv.BETTER_AUTH_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(token)));
  return `${token}.${btoa(String.fromCharCode(...mac))}`;
}

export interface FixtureUser {
  id: string;
  token: string;
  cookie: string;
}

/**
 * A signed-up, signed-in user written straight into D1: the rows better-auth's sign-up and sign-in
 * write (user, credential account with the tests' password hash, session), and the organization
 * through the product's own createOwnOrganization, as the sign-up hook does. Two dozen D1 round trips
 * through better-auth cost about 25 ms a user and the suite signs up over a thousand; this is one
 * batch and one call. tests/worker/api/user-fixture.test.ts keeps it equal to the real routes.
 */
export async function fixtureUser(name: string, email: string, password: string): Promise<FixtureUser> {
  const hasher = testPasswordHash(workerEnv);
  if (!hasher) throw new Error("fixtureUser needs TEST_CHEAP_PASSWORD_HASH (the real hash is the sign-up route's)");
  const id = randomText(32);
  const token = randomText(32);
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO user (id, name, email, email_verified, image, created_at, updated_at, username, has_dev_access) VALUES (?, ?, ?, 0, NULL, ?, ?, ?, ?)",
    ).bind(id, name, email, now, now, email.split("@")[0] ?? email, devEmails(workerEnv).has(email.toLowerCase()) ? 1 : 0),
    env.DB.prepare("INSERT INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at) VALUES (?, ?, 'credential', ?, ?, ?, ?)").bind(
      randomText(32),
      id,
      id,
      await hasher.hash(password),
      now,
      now,
    ),
    env.DB.prepare(
      "INSERT INTO session (id, expires_at, token, created_at, updated_at, ip_address, user_agent, user_id) VALUES (?, ?, ?, ?, ?, '', '', ?)",
    ).bind(randomText(32), now + SESSION_SECONDS * 1000, token, now, now, id),
  ]);
  await createOwnOrganization(getDb(workerEnv.DB), { id, name });
  const value = await signed(token);
  return { id, token: value, cookie: `${SESSION_COOKIE}=${encodeURIComponent(value)}` };
}
