import * as v from "valibot";

/** `GET /api/auth/session` data (spec 01 §3 "User (session)"); `null` when nobody is signed in. */
export interface SessionUser {
  id: string;
  email: string;
  username: string;
  account: string;
  name: string;
  organizationId: string | null;
  isOrgAdmin: boolean;
  organizationName: string | null;
  organizationDisplayName: string | null;
  image: string | null;
  role: string;
  isMember: boolean;
  memberPlan: string;
  createdAt: string;
  updatedAt: string;
}

/** Limits shared by the sign-up form and the server so both refuse the same input with the same words. */
export const NAME_MAX = 64;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Strict: a sign-up that tries to set anything else (plan, developer access) is refused outright. */
export const SignUpBody = v.strictObject({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, "Please enter your name"), v.maxLength(NAME_MAX, `Name must be at most ${NAME_MAX} characters`)),
  email: v.pipe(v.string(), v.trim(), v.maxLength(EMAIL_MAX, "Please enter a valid email address."), v.email("Please enter a valid email address.")),
  password: v.pipe(
    v.string(),
    v.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
    v.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  ),
});
export type SignUpBody = v.InferOutput<typeof SignUpBody>;

/** Checked before better-auth sees the body, so wrong types and huge strings get our 400, not a 500. */
export const SignInBody = v.object({
  email: v.pipe(v.string("Please enter a valid email address."), v.trim(), v.minLength(1, "Please enter a valid email address."), v.maxLength(EMAIL_MAX, "Please enter a valid email address.")),
  password: v.pipe(v.string("Please enter your password"), v.minLength(1, "Please enter your password"), v.maxLength(PASSWORD_MAX, "Invalid email or password")),
  rememberMe: v.optional(v.boolean()),
  callbackURL: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});
