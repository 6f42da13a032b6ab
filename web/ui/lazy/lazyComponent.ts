import { createElement, use, type ComponentType, type ReactNode } from "react";
import { track } from "./inFlight";

/** A lazily loaded chunk failed to arrive (offline, or a new deploy removed the old file). */
export class ChunkLoadError extends Error {
  /** Forgets the failed attempt, so the next render downloads the chunk again (LazyBoundary's Retry). */
  readonly reset: () => void;
  constructor(cause: unknown, reset: () => void) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "ChunkLoadError";
    this.reset = reset;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

export interface LazyComponent<P> {
  (props: P): ReactNode;
  /** Starts loading ahead of use (hover, focus, idle time). Settles when done; a failure is left for the render to report. */
  preload: () => Promise<void>;
  /** True once the code has arrived, so rendering it no longer suspends. */
  isLoaded: () => boolean;
}

/**
 * Like React.lazy, with two differences that matter for a long-lived tab: a failed load can be
 * tried again (LazyBoundary's Retry), and `preload` lets a button fetch its dialog while the
 * pointer approaches. Render it inside a LazyBoundary.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  // A render waits on `pending`: if it fails, the failure must stay until the boundary has shown it
  // (forgetting it at once would make React render again, start a new download, and never show it).
  let awaited = false;
  const start = () => {
    if (pending) return pending;
    awaited = false;
    const attempt: Promise<ComponentType<P>> = track(load()).then(
      (component) => (loaded = component),
      (error: unknown) => {
        throw new ChunkLoadError(error, () => {
          if (pending === attempt) pending = null;
        });
      },
    );
    pending = attempt;
    return attempt;
  };
  const Lazy = (props: P) => {
    if (loaded) return createElement(loaded, props);
    awaited = true;
    return createElement(use(start()), props);
  };
  // A failed preload nobody has seen yet is forgotten, so opening the part later tries afresh.
  Lazy.preload = () =>
    start().then(
      () => undefined,
      (error: unknown) => {
        if (!awaited && isChunkLoadError(error)) error.reset();
      },
    );
  Lazy.isLoaded = () => loaded !== null;
  return Lazy;
}

/** Runs `task` when the browser is idle after the first paint (or soon, where idle callbacks do not exist). */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => task(), { timeout: 2000 });
  else setTimeout(task, 200);
}
