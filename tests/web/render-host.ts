import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach } from "vitest";

/** A React root in its own <div> on the page. */
export interface MountedHost {
  element: HTMLElement;
  root: Root;
  /** Renders inside act(), so effects and state updates are committed when it resolves. */
  render(node: ReactNode): Promise<void>;
  /** Unmounts inside act() and removes the <div>. */
  unmount(): void;
}

/** Lets React know its updates run inside act(), as testing libraries do. */
export function actEnvironment(): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
}

/** A fresh React root on the page, for harnesses that mount once per call. */
export function mountHost(): MountedHost {
  actEnvironment();
  const element = document.createElement("div");
  document.body.append(element);
  const root = createRoot(element);
  return {
    element,
    root,
    render: (node) => act(async () => root.render(node)),
    unmount() {
      act(() => root.unmount());
      element.remove();
    },
  };
}

/**
 * A React root for each test of the file: mounted before it, unmounted and removed after it. The
 * answer reads the current test's host.
 */
export function useRenderHost(): () => MountedHost {
  let current: MountedHost | null = null;
  beforeEach(() => {
    current = mountHost();
  });
  afterEach(() => {
    current?.unmount();
    current = null;
  });
  return () => {
    if (!current) throw new Error("the render host exists only while a test runs");
    return current;
  };
}
