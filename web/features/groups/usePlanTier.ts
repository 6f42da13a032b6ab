import useSWR from "swr";
import { effectiveTier, type MembershipStatus, type Tier } from "../../../contract";
import { API_KEYS, silentFetcher } from "../../app/api/swr";

/** The viewer's effective tier for the plan-limit modal; Free until the status has loaded. */
export function usePlanTier(enabled: boolean): Tier {
  const { data } = useSWR<MembershipStatus>(enabled ? API_KEYS.membershipStatus : null, silentFetcher);
  return data ? effectiveTier(data.is_member, data.member_plan, data.member_expire_at) : "free";
}
