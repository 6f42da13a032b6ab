import { PASSWORD_TEXTS, passwordIsPersonal } from "../../contract";
import { ApiError } from "../lib/envelope";

/**
 * The parts of the password policy the schemas cannot see: the account it is for and the
 * common-password dictionary. The dictionary is imported on first use, not at start-up, so only
 * isolates that check a password pay for decompressing it (once; contract/common-passwords.ts).
 */
export async function assertPasswordAllowed(password: string, who: { email?: string; name?: string }): Promise<void> {
  if (passwordIsPersonal(password, who)) throw new ApiError(400, PASSWORD_TEXTS.personal);
  const { isCommonPassword } = await import("../../contract/common-passwords");
  if (isCommonPassword(password)) throw new ApiError(400, PASSWORD_TEXTS.common);
}
