import * as v from "valibot";
import { SignInBody, SignUpBody } from "../../contract";
import { getAuth } from "../auth/auth";
import { getDb } from "../db/client";
import { toSessionUser } from "../db/mappers";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { currentMembership } from "../lib/org-access";
import { readSession } from "../lib/session";
import { parseWith } from "../lib/validate";

/** Validates a copy of the body so the untouched request can still go to better-auth. */
function checkBody(schema: v.GenericSchema) {
  return async (c: { req: { raw: Request } }, next: () => Promise<void>) => {
    let input: unknown;
    try {
      input = await c.req.raw.clone().json();
    } catch {
      throw new ApiError(400, "Malformed JSON in request body");
    }
    parseWith(schema, input);
    await next();
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
  .post("/sign-up/email", checkBody(SignUpBody))
  .post("/sign-in/email", checkBody(SignInBody))
  .on(["GET", "POST"], "/*", (c) => getAuth(c.env).handler(c.req.raw));
