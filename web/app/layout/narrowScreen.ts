import { useSyncExternalStore } from "react";

/** Phone widths: the sidebar shows avatars only and the coding workspace shows one area at a time. */
export const NARROW_QUERY = "(max-width: 640px)";

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(NARROW_QUERY);
      query.addEventListener("change", onChange);
      return () => query.removeEventListener("change", onChange);
    },
    () => window.matchMedia(NARROW_QUERY).matches,
  );
}
