import { useEffect } from "react";
import { sonner, toasterMounted } from "./toast";

/** Mounts sonner's Toaster once sonner has loaded, then releases the toasts that waited for it. */
export function ToastHost() {
  const module = sonner.useValue(false);
  if (!module) return null;
  const { Toaster } = module;
  return (
    <>
      <Toaster position="top-center" richColors closeButton />
      <Release module={module} />
    </>
  );
}

// An effect of a later sibling runs after the Toaster's own, so the Toaster is listening by then.
function Release({ module }: { module: typeof import("sonner") }) {
  useEffect(() => toasterMounted(module), [module]);
  return null;
}
