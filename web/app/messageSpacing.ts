import { useSyncExternalStore } from "react";

/**
 * How tightly the message list is set (spec 02 §2.13 "Spacing modes: compact, spacious, default").
 * A preference of this browser: the user menu changes it, the chat's message list reads it.
 */

export const MESSAGE_SPACINGS = ["compact", "default", "spacious"] as const;
export type MessageSpacing = (typeof MESSAGE_SPACINGS)[number];

export const MESSAGE_SPACING_KEY = "message-spacing";

export function isMessageSpacing(value: unknown): value is MessageSpacing {
  return typeof value === "string" && (MESSAGE_SPACINGS as readonly string[]).includes(value);
}

export function readMessageSpacing(storage: Pick<Storage, "getItem"> | undefined = globalThis.localStorage): MessageSpacing {
  try {
    const value = storage?.getItem(MESSAGE_SPACING_KEY);
    return isMessageSpacing(value) ? value : "default";
  } catch {
    return "default"; // storage blocked (private mode, a sandboxed frame)
  }
}

let current: MessageSpacing | null = null;
const listeners = new Set<() => void>();

function get(): MessageSpacing {
  current ??= readMessageSpacing();
  return current;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the app changed it.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== MESSAGE_SPACING_KEY) return;
    current = readMessageSpacing();
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function setMessageSpacing(spacing: MessageSpacing): void {
  current = spacing;
  try {
    globalThis.localStorage?.setItem(MESSAGE_SPACING_KEY, spacing);
  } catch {
    // kept for this page only
  }
  notify();
}

export function useMessageSpacing(): MessageSpacing {
  return useSyncExternalStore(subscribe, get, () => "default" as const);
}
