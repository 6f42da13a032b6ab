// Size and position of the floating terminal (spec 03 §9): clamped to the limits and to the
// viewport, remembered in local storage under the spec's keys.
import { TERMINAL_LIMITS } from "../../../../contract/workspace";

export const TERMINAL_STORAGE_KEYS = {
  height: "terminal-height",
  width: "terminal-width",
  minimizedPosition: "terminal-minimized-position",
  expandedPosition: "terminal-expanded-position",
} as const;

export interface Size {
  width: number;
  height: number;
}
export interface Point {
  x: number;
  y: number;
}

/** The pill's offset from the viewport's bottom-left corner. */
export const DEFAULT_MINIMIZED_POSITION: Point = { x: 30, y: 30 };
/** Room left between the expanded window and the viewport's bottom edge by default. */
const BOTTOM_MARGIN = 24;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));

export function clampSize(size: Partial<Size>): Size {
  const { minWidth, maxWidth, defaultWidth, minHeight, maxHeight, defaultHeight } = TERMINAL_LIMITS;
  const width = Number.isFinite(size.width) ? clamp(Math.round(size.width!), minWidth, maxWidth) : defaultWidth;
  const height = Number.isFinite(size.height) ? clamp(Math.round(size.height!), minHeight, maxHeight) : defaultHeight;
  return { width, height };
}

/** Keeps a box of `box` size fully inside the viewport (its top-left corner when it is larger). */
export function clampPosition(point: Point, box: Size, viewport: Size): Point {
  return {
    x: Math.round(clamp(point.x, 0, viewport.width - box.width)),
    y: Math.round(clamp(point.y, 0, viewport.height - box.height)),
  };
}

/** Centred horizontally, near the bottom, like a docked panel. */
export function defaultExpandedPosition(size: Size, viewport: Size): Point {
  return clampPosition({ x: (viewport.width - size.width) / 2, y: viewport.height - size.height - BOTTOM_MARGIN }, size, viewport);
}

function readNumber(storage: Storage | null, key: string): number | undefined {
  const raw = safeGet(storage, key);
  if (raw === null) return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

function readPoint(storage: Storage | null, key: string): Point | null {
  const raw = safeGet(storage, key);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Point>;
    return typeof value.x === "number" && typeof value.y === "number" && Number.isFinite(value.x) && Number.isFinite(value.y)
      ? { x: value.x, y: value.y }
      : null;
  } catch {
    return null;
  }
}

function safeGet(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function safeSet(storage: Storage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Private mode or a full quota: the window still works, it just forgets its place.
  }
}

export interface TerminalGeometry {
  size: Size;
  /** Top-left corner of the expanded window. */
  expanded: Point;
  /** Offset of the minimised pill from the bottom-left corner. */
  minimized: Point;
}

/** The pill is small; this is enough to keep it reachable when clamping. */
export const PILL_SIZE: Size = { width: 130, height: 34 };

export function loadGeometry(storage: Storage | null, viewport: Size): TerminalGeometry {
  const size = clampSize({ width: readNumber(storage, TERMINAL_STORAGE_KEYS.width), height: readNumber(storage, TERMINAL_STORAGE_KEYS.height) });
  const expanded = readPoint(storage, TERMINAL_STORAGE_KEYS.expandedPosition);
  const minimized = readPoint(storage, TERMINAL_STORAGE_KEYS.minimizedPosition) ?? DEFAULT_MINIMIZED_POSITION;
  return {
    size,
    expanded: expanded ? clampPosition(expanded, size, viewport) : defaultExpandedPosition(size, viewport),
    minimized: clampPosition(minimized, PILL_SIZE, viewport),
  };
}

export function saveSize(storage: Storage | null, size: Size): void {
  safeSet(storage, TERMINAL_STORAGE_KEYS.width, String(size.width));
  safeSet(storage, TERMINAL_STORAGE_KEYS.height, String(size.height));
}

export function savePosition(storage: Storage | null, which: "expanded" | "minimized", point: Point): void {
  const key = which === "expanded" ? TERMINAL_STORAGE_KEYS.expandedPosition : TERMINAL_STORAGE_KEYS.minimizedPosition;
  safeSet(storage, key, JSON.stringify(point));
}
