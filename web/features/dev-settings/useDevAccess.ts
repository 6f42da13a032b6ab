import useSWR from "swr";
import type { DevFuncData } from "../../../contract";
import { API_KEYS, silentFetcher } from "../../app/api/swr";

/** Whether the user may see developer settings (spec 01 §6: only when hasDevAccess). */
export function useDevAccess(enabled = true) {
  const { data, error, isLoading, mutate } = useSWR<DevFuncData>(enabled ? API_KEYS.devFunc : null, silentFetcher);
  return { hasDevAccess: data?.hasDevAccess === true, known: data !== undefined, error: error as Error | undefined, loading: isLoading, retry: () => mutate() };
}
