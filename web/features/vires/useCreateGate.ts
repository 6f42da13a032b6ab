import { useState } from "react";
import useSWR, { mutate } from "swr";
import { tierOfStatus, type MembershipStatus, type Tier } from "../../../contract";
import { api } from "../../app/api/client";
import { API_KEYS, silentFetcher } from "../../app/api/swr";
import { vireCreateDecision } from "./planLimit";
import { vireApi } from "./vireApi";

export interface UpgradePrompt {
  /** The count call failed (the dialog says so) rather than the plan being full. */
  countFailed: boolean;
  /** A text the server gave with its refusal. */
  serverMessage?: string;
}

/**
 * The plan is read fresh for each check (it may have changed since the page loaded, e.g. in the
 * developer settings) and shared with the rest of the app; the cached one covers a failed read.
 */
async function currentTier(cached: MembershipStatus | undefined): Promise<Tier | null> {
  try {
    const status = await api.get<MembershipStatus>(API_KEYS.membershipStatus, undefined, { silent: true });
    void mutate(API_KEYS.membershipStatus, status, { revalidate: false });
    return tierOfStatus(status);
  } catch {
    return cached ? tierOfStatus(cached) : null;
  }
}

/** The plan check that runs before the create form or the template chooser opens (spec 01 §2, §8). */
export function useCreateGate(enabled: boolean) {
  const { data: status } = useSWR<MembershipStatus>(enabled ? API_KEYS.membershipStatus : null, silentFetcher);
  const [checking, setChecking] = useState(false);
  const [prompt, setPrompt] = useState<UpgradePrompt | null>(null);

  /** Resolves true when creating may go ahead; otherwise opens the upgrade prompt. */
  const check = async (): Promise<boolean> => {
    setChecking(true);
    try {
      const [count, tier] = await Promise.all([vireApi.count().catch(() => null), currentTier(status)]);
      const decision = vireCreateDecision(count, tier);
      if (!decision.allowed) setPrompt({ countFailed: count === null });
      return decision.allowed;
    } finally {
      setChecking(false);
    }
  };

  return { checking, check, prompt, setPrompt };
}
