import { useCallback, useEffect, useRef, useState } from "react";
import { SHARE_FEEDBACK_MS } from "./kinds";

export type ShareStatus = "idle" | "success" | "error";

/** Hands a link to the system share sheet where there is one, else copies it. A dismissed share sheet is not a failure. */
export async function shareLink(title: string, url: string): Promise<ShareStatus> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url });
      return "success";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return "idle";
      // No share target (desktop Linux, a denied permission): copying still works.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return "success";
  } catch {
    return "error";
  }
}

/** Spec 02 §4: share status idle, success or error, back to idle after 2 s. */
export function useShare(title: string, url: string | null): { status: ShareStatus; share: () => void } {
  const [status, setStatus] = useState<ShareStatus>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const share = useCallback(() => {
    if (!url) return;
    void shareLink(title, url).then((next) => {
      clearTimeout(timer.current);
      setStatus(next);
      if (next !== "idle") timer.current = setTimeout(() => setStatus("idle"), SHARE_FEEDBACK_MS);
    });
  }, [title, url]);
  return { status, share };
}
