import { useEffect, useSyncExternalStore } from "react";
import { track } from "./inFlight";

export interface LazyValue<T> {
  /** Starts loading (once; again after a failure). Settles when done, whether it worked or not. */
  load: () => Promise<void>;
  /** The value once loaded, else null; re-renders the caller when it arrives. Starts loading unless told not to. */
  useValue: (loadNow?: boolean) => T | null;
}

/**
 * A module that is nice to have but not worth waiting for: callers render a simple stand-in until
 * it arrives (markdown shows as plain text first). Loading starts at the first use or from `load`.
 */
export function lazyValue<T>(importer: () => Promise<T>): LazyValue<T> {
  let value: T | null = null;
  let pending: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const load = () => {
    pending ??= track(importer()).then(
      (loaded) => {
        value = loaded;
        for (const listener of listeners) listener();
      },
      () => {
        pending = null; // offline: the stand-in stays, and the next use tries again
      },
    );
    return pending;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const getValue = () => value;
  const useValue = (loadNow = true) => {
    const current = useSyncExternalStore(subscribe, getValue, getValue);
    useEffect(() => {
      if (loadNow && current === null) load();
    }, [current, loadNow]);
    return current;
  };
  return { load, useValue };
}
