import { useEffect, useState } from "react";

export type Parsed<T> = { status: "loading" } | { status: "failed"; error: unknown } | { status: "done"; value: T };

/**
 * Runs a parser over the loaded bytes once per blob. The loading state paints first (the parser
 * starts in a later task), and a parser that throws becomes the viewer's error state.
 */
export function useParsed<T>(blob: Blob, parse: (blob: Blob, signal: AbortSignal) => Promise<T>): Parsed<T> {
  const [state, setState] = useState<Parsed<T>>({ status: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: "loading" });
    const timer = setTimeout(() => {
      parse(blob, controller.signal).then(
        (value) => {
          if (!controller.signal.aborted) setState({ status: "done", value });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setState({ status: "failed", error });
        },
      );
    }, 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // The parser is a module-level function per viewer; only the bytes change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blob]);
  return state;
}

/** The bytes as UTF-8 text (invalid sequences become U+FFFD rather than failing). */
export const readText = (blob: Blob): Promise<string> => blob.text();
