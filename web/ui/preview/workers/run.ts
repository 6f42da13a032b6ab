import type { WorkerAnswer } from "./protocol";

/** A parser that has not answered by then is stopped and reported as a failure. */
const PARSE_TIMEOUT_MS = 30_000;

/** Sends the bytes to a fresh worker and ends it when it answers, fails, times out or the viewer goes away. */
export function runWorker<T>(create: () => Worker, bytes: ArrayBuffer, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = create();
    const finish = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      worker.terminate();
    };
    const onAbort = () => {
      finish();
      reject(new DOMException("Aborted", "AbortError"));
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error("The file took too long to read"));
    }, PARSE_TIMEOUT_MS);
    signal.addEventListener("abort", onAbort);
    worker.onmessage = (event: MessageEvent<WorkerAnswer<T>>) => {
      finish();
      if (event.data.ok) resolve(event.data.value);
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || "The file could not be read"));
    };
    worker.postMessage(bytes, [bytes]);
  });
}

export const xlsxWorker = () => new Worker(new URL("./xlsx.worker.ts", import.meta.url), { type: "module" });
export const docxWorker = () => new Worker(new URL("./docx.worker.ts", import.meta.url), { type: "module" });
