// The side preview beside the editor ('Open First Reference in Side Preview', spec 03 §2.3): one
// file of the open project, shown next to the file being edited until it is closed.
import { create } from "zustand";

export interface SidePreviewTarget {
  projectId: string;
  filePath: string;
  /** 1-based line the reference named; opening the file in the editor goes there. */
  line: number | null;
}

export const useSidePreviewStore = create<{ target: SidePreviewTarget | null }>()(() => ({ target: null }));

export function openSidePreview(target: SidePreviewTarget): void {
  useSidePreviewStore.setState({ target });
}

export function closeSidePreview(): void {
  useSidePreviewStore.setState({ target: null });
}

/** The preview of `projectId`; another project's (the chat changed) is not shown. */
export function useSidePreview(projectId: string | null): SidePreviewTarget | null {
  return useSidePreviewStore((s) => (s.target && s.target.projectId === projectId ? s.target : null));
}

/** Spec 03 §9: reference-click debounce. */
export const REFERENCE_CLICK_DEBOUNCE_MS = 250;

/**
 * Runs the first call and ignores the ones within `ms` after it, so a double click (or a held
 * shortcut) opens one preview, at once rather than after a delay.
 */
export function createClickGuard(ms: number, now: () => number = () => performance.now()): (action: () => void) => boolean {
  let last = -Infinity;
  return (action) => {
    const at = now();
    if (at - last < ms) return false;
    last = at;
    action();
    return true;
  };
}
