import { ApiError } from "../../app/api/client";

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : "";
}

/** Group creation refused by the plan (spec 02 §8: a 403 that names the plan or limit). */
export function isGroupLimitError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || error.code === 403);
}

/** The owner's last agent group cannot be dissolved (409 with `data.code = "LAST_AGENT_GROUP"`). */
export function isLastAgentGroupError(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 409 || error.code === 409 || /LAST_AGENT_GROUP|last agent group/i.test(error.message);
}

export function isVireLimitError(error: unknown): boolean {
  return /up to 1 virtual employee/i.test(errorMessage(error));
}
