import { createElement, use, type ComponentType, type ReactNode } from "react";
import { track } from "./inFlight";

/** A lazily loaded chunk failed to arrive (offline, or a new deploy removed the old file). */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "ChunkLoadError";
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
 * Like React.lazy, with two differences that matter for a long-lived tab: a failed load is not
 * cached, so a Retry (see LazyBoundary) loads the chunk again, and `preload` lets a button fetch
 * its dialog while the pointer approaches. Render it inside a LazyBoundary.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let pending: Promise<ComponentType<P>> | null = null;
  let loaded: ComponentType<P> | null = null;
  const start = () => {
    pending ??= track(load()).then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null;
        throw new ChunkLoadError(error);
      },
    );
    return pending;
  };
  const Lazy = (props: P) => createElement(loaded ?? use(start()), props);
  Lazy.preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  Lazy.isLoaded = () => loaded !== null;
  return Lazy;
}

/** Runs `task` when the browser is idle after the first paint (or soon, where idle callbacks do not exist). */
export function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === "function") requestIdleCallback(() => task(), { timeout: 2000 });
  else setTimeout(task, 200);
}
