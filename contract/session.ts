import * as v from "valibot";
import { nameSchema } from "./names";
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_TEXTS, passwordIsPersonal } from "./password";

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
/** Profile pictures are links; a bounded one, as it travels with the user into every chat socket. */
export const IMAGE_URL_MAX = 1024;

export const UserName = nameSchema({
  label: "Name",
  max: NAME_MAX,
  required: "Please enter your name",
  tooLong: `Name must be at most ${NAME_MAX} characters`,
});

const NewPassword = v.pipe(
  v.string(PASSWORD_TEXTS.required),
  v.minLength(PASSWORD_MIN, PASSWORD_TEXTS.tooShort),
  v.maxLength(PASSWORD_MAX, PASSWORD_TEXTS.tooLong),
);

/**
 * The one answer to every accepted sign-up, whether the e-mail was new or already had an account:
 * true for both, so it tells an attacker nothing. The client signs in next.
 */
export const SIGN_UP_ACCEPTED = "If this email is not registered yet, your account has been created. Sign in with your email and password.";

/** Strict: a sign-up that tries to set anything else (plan, developer access) is refused outright. */
export const SignUpBody = v.pipe(
  v.strictObject({
    name: UserName,
    email: v.pipe(v.string(), v.trim(), v.maxLength(EMAIL_MAX, "Please enter a valid email address."), v.email("Please enter a valid email address.")),
    password: NewPassword,
  }),
  v.forward(
    v.check((b) => !passwordIsPersonal(b.password, b), PASSWORD_TEXTS.personal),
    ["password"],
  ),
);
export type SignUpBody = v.InferOutput<typeof SignUpBody>;

/** `POST /api/auth/update-user`: only what a person may change about themselves. */
export const UpdateUserBody = v.strictObject({
  name: v.optional(UserName),
  image: v.optional(
    v.nullable(
      v.pipe(
        v.string("image must be a link"),
        v.maxLength(IMAGE_URL_MAX, "image link is too long"),
        v.regex(/^https?:\/\/[^\s]+$/i, "image must be an http(s) link"),
      ),
    ),
  ),
});

/** `POST /api/auth/change-password`; the policy's other rules need the account, checked in the route. */
export const ChangePasswordBody = v.strictObject({
  currentPassword: v.pipe(v.string(PASSWORD_TEXTS.required), v.minLength(1, PASSWORD_TEXTS.required), v.maxLength(PASSWORD_MAX, "Invalid password")),
  newPassword: NewPassword,
  revokeOtherSessions: v.optional(v.boolean()),
});

/** `POST /api/auth/revoke-session`: by the id `list-sessions` shows, never by the secret token. */
export const RevokeSessionBody = v.object({
  id: v.pipe(v.optional(v.string("id is required"), ""), v.minLength(1, "id is required"), v.maxLength(64, "Session not found")),
});

/** `GET /api/auth/list-sessions`: a device's session, without the token that would let one act as it. */
export interface SessionSummary {
  id: string;
  current: boolean;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

/** Checked before better-auth sees the body, so wrong types and huge strings get our 400, not a 500. */
export const SignInBody = v.object({
  email: v.pipe(
    v.string("Please enter a valid email address."),
    v.trim(),
    v.minLength(1, "Please enter a valid email address."),
    v.maxLength(EMAIL_MAX, "Please enter a valid email address."),
  ),
  password: v.pipe(
    v.string("Please enter your password"),
    v.minLength(1, "Please enter your password"),
    v.maxLength(PASSWORD_MAX, "Invalid email or password"),
  ),
  rememberMe: v.optional(v.boolean()),
  callbackURL: v.optional(v.pipe(v.string(), v.maxLength(2048))),
});
