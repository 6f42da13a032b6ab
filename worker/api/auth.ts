import * as v from "valibot";
import { SignInBody, SignUpBody } from "../../contract";
import { getAuth } from "../auth/auth";
import { getDb } from "../db/client";
import { toSessionUser } from "../db/mappers";
import { newApp } from "../lib/app";
import { ok } from "../lib/envelope";
import { currentMembership } from "../lib/org-access";
import { readSession } from "../lib/session";
import { jsonBody } from "../lib/validate";
import type { Context } from "hono";
import type { AppEnv } from "../lib/app";

/**
 * Validates the body with our schema (content type, size, types, lengths) and hands better-auth
 * the parsed, trimmed values, so the server accepts exactly what the sign-up form accepts.
 */
function forwardValidated(schema: v.GenericSchema) {
  return async (c: Context<AppEnv>) => {
    const body = await jsonBody(c, schema);
    const headers = new Headers(c.req.raw.headers);
    headers.delete("content-length");
    const request = new Request(c.req.raw.url, { method: "POST", headers, body: JSON.stringify(body) });
    return getAuth(c.env).handler(request);
  };
}

/** `/api/auth`: our session call, then everything else (sign-up, sign-in, sign-out) is better-auth's. */
export const authApi = newApp()
  .get("/session", async (c) => {
    const session = await readSession(c);
    if (!session) return ok(c, null);
    const membership = await currentMembership(getDb(c.env.DB), session.user);
    return ok(c, toSessionUser(session.user, membership));
  })
  .post("/sign-up/email", forwardValidated(SignUpBody))
  .post("/sign-in/email", forwardValidated(SignInBody))
  .on(["GET", "POST"], "/*", (c) => getAuth(c.env).handler(c.req.raw));
