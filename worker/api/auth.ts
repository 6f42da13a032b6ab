import * as v from "valibot";
import { ChangePasswordBody, RevokeSessionBody, SIGN_UP_ACCEPTED, SignInBody, SignUpBody, UpdateUserBody, type SessionUser } from "../../contract";
import { loadAuth } from "../auth/load-auth";
import { assertPasswordAllowed } from "../auth/password-policy";
import { getDb } from "../db/client";
import { toSessionUser } from "../db/mappers";
import { newApp } from "../lib/app";
import { ApiError, fail, ok } from "../lib/envelope";
import { currentMembership } from "../lib/org-access";
import { readSession } from "../lib/session";
import { json } from "../lib/validate";
import { listSessions, revokeSession } from "../auth/sessions";
import { closingRevokedSockets, signOut } from "../auth/sign-out";
import type { Context } from "hono";
import type { AppEnv } from "../lib/app";

/**
 * Hands better-auth the body our schema validated (content type, size, types, lengths) as the
 * parsed, trimmed values, so the server accepts exactly what the forms accept.
 */
async function forwardToAuth(c: Context<AppEnv>, body: unknown): Promise<Response> {
  const headers = new Headers(c.req.raw.headers);
  headers.delete("content-length");
  const request = new Request(c.req.raw.url, { method: "POST", headers, body: JSON.stringify(body) });
  return (await loadAuth(c.env)).handler(request);
}

/**
 * How long creating an account took lately in this isolate (hash, user, organization, account
 * rows): a sign-up for a known e-mail, which only hashes, waits out the difference, so the time
 * does not tell the two apart either. The median of the last few, so one slow write does not
 * skew it; new users never wait.
 */
const recentCreations: number[] = [150];
const RECENT_CREATIONS = 9;

function typicalCreationMs(): number {
  const sorted = [...recentCreations].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function recordCreation(ms: number): void {
  recentCreations.push(ms);
  if (recentCreations.length > RECENT_CREATIONS) recentCreations.shift();
}

async function hasAccount(c: Context<AppEnv>, email: string): Promise<boolean> {
  return (await c.env.DB.prepare("SELECT 1 FROM user WHERE email = ? LIMIT 1").bind(email.toLowerCase()).first()) !== null;
}

/**
 * Sign-up never says whether the e-mail already had an account: better-auth (autoSignIn off)
 * creates nothing for a known e-mail but hashes the password all the same, and whatever happened
 * the answer is this one text; the client then signs in. See docs/accounts.md.
 */
async function signUp(c: Context<AppEnv>, body: v.InferOutput<typeof SignUpBody>) {
  const started = Date.now();
  await assertPasswordAllowed(body.password, body);
  const known = await hasAccount(c, body.email);
  const res = await forwardToAuth(c, body);
  if (!res.ok) return res;
  const elapsed = Date.now() - started;
  if (known) await new Promise((resolve) => setTimeout(resolve, Math.max(0, typicalCreationMs() - elapsed)));
  else recordCreation(elapsed);
  return c.json({ code: 200, data: null, message: SIGN_UP_ACCEPTED }, 200);
}

async function signedInUser(c: Context<AppEnv>) {
  const session = await readSession(c);
  if (!session) throw new ApiError(401, "Unauthorized");
  return session.user;
}

/** better-auth routes that take nothing from the body beyond the session: passed through as they are. */
const PASS_THROUGH = ["/revoke-sessions", "/revoke-other-sessions"];

/**
 * `/api/auth`: our session call, then the better-auth routes the product uses, each behind our
 * validation. Every other better-auth route (delete-user, change-email, get-session with its
 * token, social and e-mail flows nobody configured) answers 404, so none can skip validation.
 */
export const authApi = newApp()
  .get("/session", async (c) => {
    const session = await readSession(c);
    if (!session) return ok<SessionUser | null>(c, null);
    const membership = await currentMembership(getDb(c.env.DB), session.user);
    return ok<SessionUser | null>(c, toSessionUser(session.user, membership));
  })
  .post("/sign-up/email", json(SignUpBody), (c) => signUp(c, c.req.valid("json")))
  .post("/sign-in/email", json(SignInBody), (c) => forwardToAuth(c, c.req.valid("json")))
  .post("/update-user", json(UpdateUserBody), (c) => forwardToAuth(c, c.req.valid("json")))
  .post(
    "/change-password",
    json(ChangePasswordBody),
    // With revokeOtherSessions the other devices' sockets close too, as for the revoke routes.
    (c) =>
      closingRevokedSockets(c, async () => {
        const body = c.req.valid("json");
        await assertPasswordAllowed(body.newPassword, await signedInUser(c));
        return forwardToAuth(c, body);
      }),
  )
  .get("/list-sessions", listSessions)
  .post("/revoke-session", json(RevokeSessionBody), (c) => closingRevokedSockets(c, () => revokeSession(c, c.req.valid("json").id)))
  .post("/sign-out", signOut)
  .on("POST", PASS_THROUGH, (c) => closingRevokedSockets(c, async () => (await loadAuth(c.env)).handler(c.req.raw)))
  .all("/*", (c) => fail(c, 404, "Not found"));
