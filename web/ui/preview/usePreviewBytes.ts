import { useEffect, useState } from "react";
import { isTooLarge, type PreviewKind } from "./kinds";
import type { PreviewFile } from "./types";

/** Spec 02 §4: a preview is loading, failed, or loaded; a file over its kind's limit is its own failure. */
export type BytesState = { status: "loading" } | { status: "failed" } | { status: "tooLarge"; size: number } | { status: "loaded"; blob: Blob };

/**
 * The bytes of the file being previewed. A size known up front is checked before anything is
 * downloaded; the downloaded size is checked again (a workspace file's size is only known then).
 * `attempt` reloads.
 */
export function usePreviewBytes(file: PreviewFile, kind: PreviewKind, enabled: boolean, attempt: number): BytesState {
  const [state, setState] = useState<BytesState>({ status: "loading" });
  const { load, size } = file;
  useEffect(() => {
    if (!enabled) return;
    if (isTooLarge(kind, size)) {
      setState({ status: "tooLarge", size: size! });
      return;
    }
    const controller = new AbortController();
    setState({ status: "loading" });
    load(controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        setState(isTooLarge(kind, blob.size) ? { status: "tooLarge", size: blob.size } : { status: "loaded", blob });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: "failed" });
      },
    );
    return () => controller.abort();
  }, [load, size, kind, enabled, attempt]);
  return state;
}

/** An object URL for a blob, revoked when the blob changes or the viewer goes away. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}
