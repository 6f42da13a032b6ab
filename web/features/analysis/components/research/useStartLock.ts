import { useEffect, useState } from "react";
import { DEEP_RESEARCH_START_LOCK_MS } from "../../../../../contract/analysis";

/** Spec §4: the start button stays locked for 5 s after a click, whatever the answer, so a double click starts one report. */
export function useStartLock(): [locked: boolean, lock: () => void] {
  const [lockedAt, setLockedAt] = useState<number | null>(null);
  useEffect(() => {
    if (lockedAt === null) return;
    const timer = setTimeout(() => setLockedAt(null), DEEP_RESEARCH_START_LOCK_MS);
    return () => clearTimeout(timer);
  }, [lockedAt]);
  return [lockedAt !== null, () => setLockedAt(Date.now())];
}
