import useSWR from "swr";
import type { AllOrganizationsData } from "../../../../contract";
import { API_KEYS, silentFetcher } from "../../../app/api/swr";
import { useSession } from "../../../app/session/useSession";
import { userOrganization } from "./projectRules";

/** The organization new projects go to, locked to the user's own (spec 01 §6). */
export function useOwnOrganization(enabled: boolean) {
  const { user } = useSession();
  const { data, error, isLoading, mutate } = useSWR<AllOrganizationsData>(enabled ? API_KEYS.organizations : null, silentFetcher);
  const organization = userOrganization(
    data?.organizations ?? [],
    user?.organizationId ?? null,
    user?.organizationDisplayName ?? user?.organizationName ?? null,
  );
  // The id comes from the session; a failed list only costs the display name.
  const failed = !organization && (!!error || (data !== undefined && !data.success));
  return {
    organization,
    loading: isLoading && !organization,
    failed,
    missing: !!user && !organization,
    retry: () => void mutate(),
  };
}
