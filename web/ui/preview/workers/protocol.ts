/** What a parsing worker answers: the result, or a failure the viewer words in the user's language. */
export type WorkerAnswer<T> = { ok: true; value: T } | { ok: false; message: string };

/** One sheet as the grid shows it: text cells, capped (web/ui/preview/kinds.ts capGrid). */
export interface SheetGrid {
  name: string;
  rows: string[][];
  columns: number;
  truncated: boolean;
}

/** The worker side: answers one message with the parser's result. */
export function serve<T>(parse: (bytes: ArrayBuffer) => Promise<T>): void {
  const scope = self as unknown as { onmessage: ((event: MessageEvent<ArrayBuffer>) => void) | null; postMessage: (answer: WorkerAnswer<T>) => void };
  scope.onmessage = (event) => {
    parse(event.data).then(
      (value) => scope.postMessage({ ok: true, value }),
      (error: unknown) => scope.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
  };
}
