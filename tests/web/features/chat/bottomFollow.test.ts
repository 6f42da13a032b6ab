// @vitest-environment happy-dom
import { act, createElement, useEffect } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useBottomFollow, type BottomFollow } from "../../../../web/features/chat/components/useBottomFollow";

/** The resize observers the hook made, so a test can say 'the list's box changed size'. */
const observers: { callback: () => void; targets: Element[] }[] = [];
class RecordingResizeObserver {
  private readonly entry: { callback: () => void; targets: Element[] };
  constructor(callback: () => void) {
    this.entry = { callback, targets: [] };
    observers.push(this.entry);
  }
  observe(target: Element) {
    this.entry.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.entry.targets = [];
  }
}

/** A scroller with the geometry a laid-out list would have (happy-dom does no layout). */
function scroller(): HTMLElement & { geometry: (g: Partial<Record<"scrollHeight" | "clientHeight" | "clientWidth" | "scrollTop", number>>) => void } {
  const el = document.createElement("div") as HTMLElement & { geometry: (g: object) => void };
  const box = { scrollHeight: 2000, clientHeight: 400, clientWidth: 400, scrollTop: 1600 };
  for (const key of Object.keys(box) as (keyof typeof box)[]) {
    Object.defineProperty(el, key, { configurable: true, get: () => box[key], set: (v: number) => (box[key] = v) });
  }
  el.geometry = (g) => Object.assign(box, g);
  document.body.append(el);
  return el;
}

let root: Root;
let follow: BottomFollow;
const toBottom = vi.fn();
let held = false;

function Probe({ el }: { el: HTMLElement }) {
  follow = useBottomFollow(toBottom, () => held);
  const { attach } = follow;
  useEffect(() => {
    attach(el);
    return () => attach(null);
  }, [attach, el]);
  return null;
}

const scrolled = (el: HTMLElement, scrollTop: number) => {
  (el as HTMLElement & { scrollTop: number }).scrollTop = scrollTop;
  act(() => void el.dispatchEvent(new Event("scroll")));
};
const resized = (el: HTMLElement & { geometry: (g: object) => void }, g: object) => {
  el.geometry(g);
  for (const o of observers) if (o.targets.includes(el)) o.callback();
};

describe("the message list sticks to its bottom", () => {
  let el: ReturnType<typeof scroller>;
  beforeEach(() => {
    observers.length = 0;
    toBottom.mockClear();
    held = false;
    vi.stubGlobal("ResizeObserver", RecordingResizeObserver);
    el = scroller();
    root = createRoot(document.createElement("div"));
    act(() => root.render(createElement(Probe, { el })));
  });
  afterEach(() => {
    act(() => root.unmount());
    el.remove();
    vi.unstubAllGlobals();
  });

  it("stays following when the browser, not the user, moves the list off the bottom", () => {
    expect(follow.following.current).toBe(true);
    // Rows re-measured at a new width: the same scrollTop is now far above the bottom.
    el.geometry({ scrollHeight: 3000 });
    scrolled(el, 1600);
    expect(follow.following.current).toBe(true);
    // ...and the list's box changing size takes it back down.
    resized(el, { clientWidth: 390 });
    expect(toBottom).toHaveBeenCalledTimes(1);
  });

  it("stops following once the user scrolls up, and a resize then leaves the list where it is", () => {
    act(() => void el.dispatchEvent(new Event("wheel")));
    scrolled(el, 900);
    expect(follow.following.current).toBe(false);
    expect(follow.far).toBe(true);
    resized(el, { clientWidth: 1200 });
    expect(toBottom).not.toHaveBeenCalled();
    // Back at the bottom (by any means), it follows again.
    scrolled(el, 1600);
    expect(follow.following.current).toBe(true);
    expect(follow.far).toBe(false);
  });

  it("a scrollbar held down counts as the user's for as long as it is held", () => {
    act(() => void el.dispatchEvent(new Event("pointerdown")));
    vi.spyOn(performance, "now").mockReturnValue(performance.now() + 60_000);
    scrolled(el, 500);
    expect(follow.following.current).toBe(false);
    vi.restoreAllMocks();
  });

  it("a click or a tap on a button in a message, or typing in it, is not a scroll; a scrolling key is", () => {
    const button = document.createElement("button");
    el.append(button);
    for (const type of ["pointerdown", "touchstart", "pointerup"]) act(() => void button.dispatchEvent(new Event(type, { bubbles: true })));
    act(() => void el.dispatchEvent(new KeyboardEvent("keydown", { key: "a" })));
    // Virtuoso corrects scrollTop as the rows the click changed are re-measured.
    scrolled(el, 900);
    expect(follow.following.current).toBe(true);
    act(() => void el.dispatchEvent(new KeyboardEvent("keydown", { key: "PageUp" })));
    scrolled(el, 800);
    expect(follow.following.current).toBe(false);
  });

  it("a jump away leaves the bottom; a hidden list or a pinned target is not pulled down", () => {
    resized(el, { clientHeight: 0 });
    expect(toBottom).not.toHaveBeenCalled();
    held = true;
    resized(el, { clientHeight: 300 });
    expect(toBottom).not.toHaveBeenCalled();
    held = false;
    act(() => follow.leave());
    resized(el, { clientHeight: 500 });
    expect(toBottom).not.toHaveBeenCalled();
  });
});
