import { PASSWORD_TEXTS, passwordIsPersonal } from "../../contract";
import { isCommonPassword } from "../../contract/common-passwords";
import { ApiError } from "../lib/envelope";

/**
 * The parts of the password policy the schemas cannot see: the account it is for and the
 * common-password dictionary (built once per isolate). Lengths are the schemas' and better-auth's.
 */
export function assertPasswordAllowed(password: string, who: { email?: string; name?: string }): void {
  if (passwordIsPersonal(password, who)) throw new ApiError(400, PASSWORD_TEXTS.personal);
  if (isCommonPassword(password)) throw new ApiError(400, PASSWORD_TEXTS.common);
}
