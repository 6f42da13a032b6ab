import useSWR from "swr";
import { tierOfStatus, type MembershipStatus, type Tier } from "../../../contract";
import { API_KEYS, silentFetcher } from "../../app/api/swr";

/**
 * The membership status and the tier it grants. The tier is derived with the contract's
 * `effectiveTier` so an expired plan shows as Free the moment it expires, not at the next fetch.
 */
export function useMembershipStatus(enabled = true) {
  const { data, error, isLoading, mutate } = useSWR<MembershipStatus>(enabled ? API_KEYS.membershipStatus : null, silentFetcher);
  const tier: Tier | null = data ? tierOfStatus(data) : null;
  return { status: data, tier, error: error as Error | undefined, loading: isLoading, retry: () => mutate() };
}
