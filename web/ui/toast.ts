import type { ExternalToast } from "sonner";
import { lazyValue, whenIdle } from "./lazy";

type Sonner = typeof import("sonner");
type Level = "error" | "success" | "info" | "warning" | "loading";
type Message = Parameters<Sonner["toast"]["error"]>[0];
export type ToastOptions = ExternalToast;

/** sonner is not on the first page: it arrives when the browser is idle after it, or with the first toast. */
export const sonner = lazyValue<Sonner>(() => import("sonner"));
whenIdle(() => void sonner.load());

/** sonner, while a ToastHost shows its Toaster (a toast made with no Toaster listening would be lost). */
let shown: Sonner | null = null;
const waiting: [Level, Message, ToastOptions | undefined][] = [];
const readyWaiters = new Set<() => void>();

function show(level: Level, message: Message, options?: ToastOptions): void {
  if (shown) {
    shown.toast[level](message, options);
    return;
  }
  waiting.push([level, message, options]);
  void sonner.load();
}

/** ToastHost calls this once its Toaster listens: the toasts that waited show, in order. Returns the unmount. */
export function toasterMounted(module: Sonner): () => void {
  shown = module;
  for (const [level, message, options] of waiting.splice(0)) module.toast[level](message, options);
  for (const resolve of readyWaiters) resolve();
  readyWaiters.clear();
  return () => {
    if (shown === module) shown = null;
  };
}

/** Resolves once toasts show at once (sonner loaded and a ToastHost mounted); tests wait on it. */
export function toastsReady(): Promise<void> {
  if (shown) return Promise.resolve();
  void sonner.load();
  return new Promise((resolve) => readyWaiters.add(resolve));
}

/** The app's toasts: sonner's calls, usable before sonner itself has loaded (calls wait for it). */
export const toast = {
  error: (message: Message, options?: ToastOptions) => show("error", message, options),
  success: (message: Message, options?: ToastOptions) => show("success", message, options),
  info: (message: Message, options?: ToastOptions) => show("info", message, options),
  warning: (message: Message, options?: ToastOptions) => show("warning", message, options),
  loading: (message: Message, options?: ToastOptions) => show("loading", message, options),
};
