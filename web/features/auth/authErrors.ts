import type { TFunction } from "i18next";
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "../../../contract";
import { AuthError, SIGN_IN_AFTER_SIGN_UP_FAILED } from "./authApi";

/**
 * Server texts we know, translated. The sign-up validation texts are shared with the worker via
 * contract, so matching on them is stable; better-auth's own wording is matched as a fallback.
 */
const KNOWN_MESSAGES: [RegExp, (t: TFunction) => string][] = [
  [/valid email|^invalid email$/i, (t) => t("auth.errors.invalidEmail")],
  [/password must be at least|password too short/i, (t) => t("auth.errors.passwordTooShort", { min: PASSWORD_MIN })],
  [/password must be at most|password too long/i, (t) => t("auth.errors.passwordTooLong", { max: PASSWORD_MAX })],
  [/password must not contain your email or name/i, (t) => t("auth.errors.passwordPersonal")],
  [/password is too common/i, (t) => t("auth.errors.passwordCommon")],
  [/^name cannot contain control/i, (t) => t("auth.errors.nameControl")],
  [/^name cannot contain text direction/i, (t) => t("auth.errors.nameBidi")],
  [/^name cannot mix latin/i, (t) => t("auth.errors.nameMixedScripts")],
  [/enter your name/i, (t) => t("auth.errors.nameRequired")],
  [/name must be at most/i, (t) => t("auth.errors.nameTooLong", { max: NAME_MAX })],
  [/invalid email or password/i, (t) => t("auth.errors.invalidCredentials")],
  [/too many requests/i, (t) => t("auth.errors.tooManyRequests")],
  [/already exists/i, (t) => t("auth.errors.userExists")],
];

/** Translates a message we produced or the server sent; unknown ones are shown as they are. */
export function translateAuthMessage(message: string, t: TFunction): string {
  for (const [pattern, translate] of KNOWN_MESSAGES) if (pattern.test(message)) return translate(t);
  return message;
}

/** The text to show under an auth form for a failed call. */
export function authErrorText(error: unknown, t: TFunction): string {
  if (!(error instanceof AuthError)) return t("auth.errors.failed");
  if (error.status === 0) return t("errors.offline");
  if (error.code === SIGN_IN_AFTER_SIGN_UP_FAILED) return t("auth.errors.signUpSignInFailed");
  if (error.code === "INVALID_EMAIL_OR_PASSWORD") return t("auth.errors.invalidCredentials");
  if (error.status === 429) return t("auth.errors.tooManyRequests");
  if (typeof error.code === "string" && error.code.startsWith("USER_ALREADY_EXISTS")) return t("auth.errors.userExists");
  if (error.message) return translateAuthMessage(error.message, t);
  if (error.status === 401) return t("auth.errors.invalidCredentials");
  return t("auth.errors.failed");
}
