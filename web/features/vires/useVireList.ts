import { useEffect, useState } from "react";
import useSWR from "swr";
import type { VireListAnswer } from "../../../contract";
import { silentFetcher } from "../../app/api/swr";
import { VIRE_KEYS, vireApi } from "./vireApi";

/** Users whose empty list was already seeded on this page, so deleting every VIRE does not refill it. */
const seededUsers = new Set<string>();

/** My VIREs. An empty list asks the server to seed the default employees (spec 01 §4), once. */
export function useVireList(userId: string) {
  const { data, error, isLoading, mutate } = useSWR<VireListAnswer>(VIRE_KEYS.list, silentFetcher);
  const [seeding, setSeeding] = useState(false);

  useEffect(() => {
    if (!data || data.virtualEmployees.length > 0 || seededUsers.has(userId)) return;
    seededUsers.add(userId);
    setSeeding(true);
    vireApi
      .seed()
      .then((seed) => mutate({ virtualEmployees: seed.virtualEmployees }, { revalidate: false }))
      .catch(() => undefined) // an empty list is still a valid state; it shows its empty text
      .finally(() => setSeeding(false));
  }, [userId, data, mutate]);

  return {
    vires: data?.virtualEmployees ?? [],
    loaded: Boolean(data),
    loading: isLoading || seeding,
    seeding,
    failed: Boolean(error) && !data,
    retry: () => mutate(),
    mutate,
  };
}
