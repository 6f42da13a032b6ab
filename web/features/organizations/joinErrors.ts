import type { TFunction } from "i18next";
import { ApiError } from "../../app/api/client";

/** Join failures are shown inline, translated when we know the server's wording. */
export function joinErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.kind === "network") return t("errors.offline");
  const message = error instanceof Error ? error.message : "";
  if (/invalid invite code/i.test(message)) return t("join.invalidCode");
  if (/enter an invite code/i.test(message)) return t("join.enterCode");
  return message || t("errors.networkAnomaly");
}
