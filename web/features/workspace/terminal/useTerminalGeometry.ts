import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { clampPosition, clampSize, loadGeometry, PILL_SIZE, savePosition, saveSize, type Point, type Size, type TerminalGeometry } from "./geometry";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const PERSIST_DELAY_MS = 150;

const viewport = (): Size => ({ width: window.innerWidth, height: window.innerHeight });

/**
 * Follows a pointer from a pointerdown until it is released, reporting the distance moved.
 * Returns through `onEnd` whether it moved at all (a click on the pill must still restore it).
 */
export function trackPointer(event: ReactPointerEvent, onMove: (dx: number, dy: number) => void, onEnd: (moved: boolean) => void): void {
  if (event.button !== 0) return;
  const startX = event.clientX;
  const startY = event.clientY;
  let moved = false;
  const move = (e: PointerEvent) => {
    const dx = e.clientX - startX;
    const dy = e.clientY - startY;
    if (!moved && Math.abs(dx) + Math.abs(dy) < 4) return;
    moved = true;
    onMove(dx, dy);
  };
  const up = () => {
    window.removeEventListener("pointermove", move);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", up);
    onEnd(moved);
  };
  window.addEventListener("pointermove", move);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
}

/** The terminal's size and positions, kept inside the viewport and persisted in local storage. */
export function useTerminalGeometry() {
  const [geometry, setGeometry] = useState<TerminalGeometry>(() => loadGeometry(storage(), viewport()));
  const latest = useRef(geometry);
  latest.current = geometry;

  useEffect(() => {
    const onResize = () =>
      setGeometry((g) => ({ ...g, expanded: clampPosition(g.expanded, g.size, viewport()), minimized: clampPosition(g.minimized, PILL_SIZE, viewport()) }));
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);

  const moveExpanded = useCallback((point: Point) => {
    setGeometry((g) => ({ ...g, expanded: clampPosition(point, g.size, viewport()) }));
  }, []);

  const moveMinimized = useCallback((point: Point) => {
    setGeometry((g) => ({ ...g, minimized: clampPosition(point, PILL_SIZE, viewport()) }));
  }, []);

  const resize = useCallback((size: Partial<Size>) => {
    setGeometry((g) => {
      const next = clampSize({ ...g.size, ...size });
      return { ...g, size: next, expanded: clampPosition(g.expanded, next, viewport()) };
    });
  }, []);

  // Persist after the geometry settles (a drag fires many moves); the loaded values need no write.
  const loaded = useRef(geometry);
  useEffect(() => {
    if (geometry === loaded.current) return;
    const timer = setTimeout(() => {
      const store = storage();
      saveSize(store, geometry.size);
      savePosition(store, "expanded", geometry.expanded);
      savePosition(store, "minimized", geometry.minimized);
    }, PERSIST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [geometry]);

  return { geometry, latest, moveExpanded, moveMinimized, resize };
}
