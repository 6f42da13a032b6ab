import useSWR from "swr";
import type { SessionUser } from "../../../contract";
import { API_KEYS, swrFetcher } from "../api/swr";

export type SessionStatus = "loading" | "authenticated" | "unauthenticated" | "error";

/**
 * The signed-in user, shared by the route gate, the shell and every feature through one SWR key.
 * A session without a user id counts as signed out (spec 01 §6: the gate requires a user id).
 */
export function useSession() {
  const { data, error, mutate, isValidating } = useSWR<SessionUser | null>(API_KEYS.session, swrFetcher, {
    shouldRetryOnError: false,
  });
  const user = data?.id ? data : null;
  let status: SessionStatus;
  if (data !== undefined) status = user ? "authenticated" : "unauthenticated";
  else status = error ? "error" : "loading";
  return { user, status, error: error as Error | undefined, isValidating, refresh: () => mutate() };
}
