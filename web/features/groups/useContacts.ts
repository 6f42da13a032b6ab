import useSWR from "swr";
import type { OrganizationUser } from "../../../contract";
import { silentFetcher, type ApiKey } from "../../app/api/swr";
import type { VirtualEmployeeSummary } from "./contacts";

export const VIRTUAL_EMPLOYEES_KEY = "/api/virtual-employees";
export const ORG_USERS_KEY: ApiKey = ["/api/organization/users", { excludeSelf: "true", friendsOnly: "false" }];

/** My virtual employees; `null` key while the dialog that needs them is closed. */
export function useVirtualEmployees(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<{ virtualEmployees: VirtualEmployeeSummary[] }>(enabled ? VIRTUAL_EMPLOYEES_KEY : null, silentFetcher);
  return { vires: data?.virtualEmployees ?? [], loading: isLoading, failed: Boolean(error) && !data, retry: () => mutate() };
}

/** The other members of my current organization. */
export function useOrganizationUsers(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<{ users: OrganizationUser[] }>(enabled ? ORG_USERS_KEY : null, silentFetcher);
  return { users: data?.users ?? [], loading: isLoading, failed: Boolean(error) && !data, retry: () => mutate() };
}
