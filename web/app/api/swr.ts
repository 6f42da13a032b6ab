import { isCancelError, request, type QueryParams } from "./client";

/** SWR keys are a URL, or a URL with query parameters. */
export type ApiKey = string | readonly [string, QueryParams];

/** Waits for the request that replaced a cancelled duplicate instead of surfacing the cancel. */
async function followReplacement<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isCancelError(error) && error.replacement) return followReplacement(error.replacement as Promise<T>);
    throw error;
  }
}

function load<T>(key: ApiKey, silent: boolean): Promise<T> {
  const [url, params] = typeof key === "string" ? [key, undefined] : key;
  return followReplacement(request<T>(url, { params, silent }));
}

/** The default SWR fetcher: GET through the shared client, errors toast. */
export function swrFetcher<T>(key: ApiKey): Promise<T> {
  return load<T>(key, false);
}

/** For views that show their own error state (with Retry) instead of a toast. */
export function silentFetcher<T>(key: ApiKey): Promise<T> {
  return load<T>(key, true);
}

/** Keys of data several parts of the app read, so a mutate in one place refreshes all. */
export const API_KEYS = {
  session: "/api/auth/session",
  organizations: "/api/user/all-organizations",
  membershipStatus: "/api/membership/status",
  plans: "/api/membership/plans",
  usage: "/api/usage",
  devFunc: "/api/user-dev-func",
} as const;
