import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/** Spec 02 §9: follow new messages within 80 px of the bottom, offer a jump beyond 300 px. */
export const FOLLOW_THRESHOLD_PX = 80;
const JUMP_THRESHOLD_PX = 300;
/** A scroll this soon after the user's wheel, touch, key or scrollbar release is theirs (smooth and momentum scrolling). */
const GESTURE_MS = 1000;

/**
 * What the user does in the list: any of it ends the pin on a jumped-to message (MessageList). The
 * bottom is stricter and counts only what scrolls (see `listeners` below).
 */
export const USER_SCROLL_EVENTS = ["wheel", "touchstart", "touchmove", "keydown", "pointerdown"] as const;
/** The keys that scroll a focused list; typing in a field inside a message does not. */
const SCROLL_KEYS: ReadonlySet<string> = new Set(["ArrowUp", "ArrowDown", "PageUp", "PageDown", "Home", "End", " "]);

export interface BottomFollow {
  /** The jump-to-latest button shows. */
  far: boolean;
  /** The list sticks to its bottom: new rows and size changes keep the newest message in view. */
  following: RefObject<boolean>;
  /** Called by the scroller's ref: listens to it (null detaches). */
  attach: (el: HTMLElement | null) => void;
  /** A jump to an older message takes the list off the bottom. */
  leave: () => void;
}

/**
 * Whether the list sticks to its bottom. Only the user (or a jump) takes it off: the browser also
 * scrolls when the list's box or its rows change size (a phone turning, the workspace switching
 * areas, rows re-measured at a new width), and a scroll of that kind must not leave the list
 * stranded above the newest messages. So a scroll that ends away from the bottom counts only
 * shortly after a gesture, and while following, a change of the scroller's size goes back down.
 * `toBottom` goes down; `held` says a pinned jump target owns the scroll position for now.
 */
export function useBottomFollow(toBottom: () => void, held: () => boolean): BottomFollow {
  const [far, setFar] = useState(false);
  const following = useRef(true);
  const gestureAt = useRef(Number.NEGATIVE_INFINITY);
  const latest = useRef({ toBottom, held });
  latest.current = { toBottom, held };
  const detach = useRef<(() => void) | null>(null);
  const scroller = useRef<HTMLElement | null>(null);
  /** Also shown as data-following on the scroller, for whoever has to tell why a list stands where it does. */
  const setFollowing = useCallback((value: boolean) => {
    following.current = value;
    if (scroller.current) scroller.current.dataset.following = String(value);
  }, []);

  const attach = useCallback(
    (el: HTMLElement | null) => {
      detach.current?.();
      detach.current = null;
      scroller.current = el;
      if (!el) return;
      el.dataset.following = String(following.current);
      // A scrollbar held down is a gesture for as long as it lasts.
      let pressed = false;
      const onScroll = () => {
        const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
        setFar(distance > JUMP_THRESHOLD_PX);
        if (distance <= FOLLOW_THRESHOLD_PX) setFollowing(true);
        else if (pressed || performance.now() - gestureAt.current < GESTURE_MS) setFollowing(false);
      };
      const onGesture = () => {
        gestureAt.current = performance.now();
      };
      // Only what scrolls counts. A click or a tap on a button in a message (an approval, a
      // reaction) is not a scroll, and the rows it changes must still be followed: a press counts
      // only on the scroller itself (its scrollbar), a finger only once it moves, a key only if it scrolls.
      const onPress = (event: Event) => {
        if (event.target !== el) return;
        pressed = true;
        onGesture();
      };
      const onKey = (event: Event) => {
        if (SCROLL_KEYS.has((event as KeyboardEvent).key)) onGesture();
      };
      const listeners: [string, (event: Event) => void][] = [
        ["wheel", onGesture],
        ["touchmove", onGesture],
        ["keydown", onKey],
        ["pointerdown", onPress],
      ];
      const onRelease = () => {
        if (!pressed) return;
        pressed = false;
        onGesture();
      };
      let size = `${el.clientWidth}x${el.clientHeight}`;
      const observer = new ResizeObserver(() => {
        const next = `${el.clientWidth}x${el.clientHeight}`;
        if (next === size) return;
        size = next;
        // Hidden (zero size) there is no bottom to keep; the list goes down when it shows again.
        if (following.current && el.clientHeight > 0 && !latest.current.held()) latest.current.toBottom();
      });
      observer.observe(el);
      el.addEventListener("scroll", onScroll, { passive: true });
      for (const [type, listener] of listeners) el.addEventListener(type, listener, { passive: true });
      window.addEventListener("pointerup", onRelease);
      window.addEventListener("pointercancel", onRelease);
      detach.current = () => {
        observer.disconnect();
        el.removeEventListener("scroll", onScroll);
        for (const [type, listener] of listeners) el.removeEventListener(type, listener);
        window.removeEventListener("pointerup", onRelease);
        window.removeEventListener("pointercancel", onRelease);
      };
    },
    [setFollowing],
  );
  useEffect(() => () => detach.current?.(), []);

  const leave = useCallback(() => setFollowing(false), [setFollowing]);
  return { far, following, attach, leave };
}
