// At most `maxActive` jobs run at once (ffmpeg and pocketsphinx each take a core); the rest wait
// their turn in arrival order. A request is admitted before its body is read, so uploads waiting
// for a turn count too: past `maxActive + maxQueued` admitted requests the service answers 503
// at once instead of buffering more uploads on disk.
import { ApiError } from "./errors.ts";

export type Ticket = {
  /** Waits for a free job slot; rejects if the signal aborts first (the client went away). */
  start(signal: AbortSignal): Promise<void>;
  /** Frees the slot (or the place in the queue). Safe to call more than once. */
  done(): void;
};

export class JobQueue {
  private active = 0;
  private admitted = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly maxActive: number;
  private readonly maxQueued: number;

  constructor(maxActive: number, maxQueued: number) {
    this.maxActive = maxActive;
    this.maxQueued = maxQueued;
  }

  stats(): { active: number; admitted: number } {
    return { active: this.active, admitted: this.admitted };
  }

  admit(): Ticket {
    if (this.admitted >= this.maxActive + this.maxQueued) {
      throw new ApiError(503, "The speech service is busy; try again shortly.", { code: "server_busy" });
    }
    this.admitted++;
    let state: "queued" | "waiting" | "running" | "done" = "queued";
    let wake: (() => void) | null = null;
    const queue = this;
    return {
      start(signal) {
        if (state !== "queued") return Promise.reject(new Error("ticket already started"));
        if (queue.active < queue.maxActive) {
          state = "running";
          queue.active++;
          return Promise.resolve();
        }
        state = "waiting";
        return new Promise<void>((resolve, reject) => {
          const onAbort = () => {
            const at = wake ? queue.waiting.indexOf(wake) : -1;
            if (at >= 0) queue.waiting.splice(at, 1);
            reject(signal.reason);
          };
          wake = () => {
            signal.removeEventListener("abort", onAbort);
            state = "running";
            queue.active++;
            resolve();
          };
          if (signal.aborted) return onAbort();
          signal.addEventListener("abort", onAbort, { once: true });
          queue.waiting.push(wake);
        });
      },
      done() {
        if (state === "done") return;
        if (state === "waiting" && wake) {
          const at = queue.waiting.indexOf(wake);
          if (at >= 0) queue.waiting.splice(at, 1);
        }
        if (state === "running") queue.active--;
        state = "done";
        queue.admitted--;
        queue.next();
      },
    };
  }

  private next(): void {
    while (this.active < this.maxActive && this.waiting.length > 0) this.waiting.shift()!();
  }
}
