// The minimal build leaves out Kysely, which only a direct database connection needs: we hand it drizzleAdapter.
import { betterAuth } from "better-auth/minimal";
import { APIError } from "better-auth/api";
import * as v from "valibot";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer } from "better-auth/plugins/bearer";
import { getDb } from "../db/client";
import * as schema from "../db/schema";
import { createOwnOrganization } from "../db/organizations";
import { devEmails, type Env } from "../env";
import { perBinding } from "../lib/per-binding";
import { embedsOtherSites } from "../lib/site-policy";
import { SESSION_SECONDS, SESSION_UPDATE_SECONDS } from "./session-times";
import { testPasswordHash } from "./test-password-hash";
import { PASSWORD_MAX, PASSWORD_MIN, UserName } from "../../contract";

/** The shared name rule (contract/names.ts), as better-auth's own 400 when it fails. */
function checkedName(name: unknown): string {
  const result = v.safeParse(UserName, name);
  if (!result.success) throw new APIError("BAD_REQUEST", { message: result.issues[0]?.message ?? "Invalid name" });
  return result.output;
}

/**
 * Sign-in attempts per minute per address. AUTH_RATE_LIMIT_MAX exists for the browser tests, whose
 * dozens of sign-ins all come from 127.0.0.1; production keeps the default.
 */
function signInLimit(env: Env): number {
  const configured = Number(env.AUTH_RATE_LIMIT_MAX);
  return Number.isInteger(configured) && configured > 0 ? configured : 10;
}

/**
 * Framed by another site (EMBED_ORIGINS), the session must survive there: SameSite=None (Lax is not
 * sent in a cross-site frame), which requires Secure, and Partitioned so the cookie lives in that
 * parent's partition and works where third-party cookies are blocked.
 */
function sessionCookieAttributes(env: Env) {
  if (embedsOtherSites(env)) return { sameSite: "none" as const, secure: true, partitioned: true };
  return { sameSite: "lax" as const };
}

function createAuth(env: Env) {
  const db = getDb(env.DB);
  return betterAuth({
    basePath: "/api/auth",
    baseURL: env.BETTER_AUTH_URL || undefined,
    secret: env.BETTER_AUTH_SECRET,
    database: drizzleAdapter(db, {
      provider: "sqlite",
      schema: { user: schema.user, session: schema.session, account: schema.account, verification: schema.verification, rateLimit: schema.rateLimit },
    }),
    // autoSignIn off: sign-up then answers the same whether or not the e-mail had an account
    // (worker/api/auth.ts), and the client signs in as its second step.
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: false,
      password: testPasswordHash(env),
    },
    session: { expiresIn: SESSION_SECONDS, updateAge: SESSION_UPDATE_SECONDS },
    user: {
      // Ours, on the user row; `input: false` keeps them out of what sign-up accepts.
      additionalFields: {
        username: { type: "string", required: false, input: false },
        role: { type: "string", required: false, input: false },
        currentOrgId: { type: "string", required: false, input: false },
        isMember: { type: "boolean", required: false, input: false },
        memberPlan: { type: "string", required: false, input: false },
        memberExpireAt: { type: "date", required: false, input: false },
        hasDevAccess: { type: "boolean", required: false, input: false },
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      // Guessing passwords is what this stops; ten tries a minute per address is plenty for people.
      customRules: { "/sign-in/email": { window: 60, max: signInLimit(env) }, "/sign-up/email": { window: 60, max: signInLimit(env) } },
    },
    // Cloudflare sets this header itself, so unlike X-Forwarded-For a client cannot forge it.
    advanced: {
      ipAddress: { ipAddressHeaders: ["cf-connecting-ip"] },
      // No __Secure- prefix (cookie names stay the same on http://localhost and in production);
      // Secure itself is added per request (worker/lib/security-headers.ts) or below when embedded.
      useSecureCookies: false,
      defaultCookieAttributes: sessionCookieAttributes(env),
    },
    plugins: [bearer()],
    databaseHooks: {
      user: {
        create: {
          before: async (u) => ({
            data: {
              ...u,
              name: checkedName(u.name),
              username: u.email.split("@")[0] ?? u.email,
              hasDevAccess: devEmails(env).has(u.email.toLowerCase()),
            },
          }),
          after: async (u) => {
            await createOwnOrganization(db, { id: u.id, name: u.name });
          },
        },
        // The routes validate first; this catches any other way a name reaches the user row.
        update: { before: async (u) => ({ data: u.name === undefined ? u : { ...u, name: checkedName(u.name) } }) },
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** One auth instance per isolate's env. */
export const getAuth: (env: Env) => Auth = perBinding(createAuth);
