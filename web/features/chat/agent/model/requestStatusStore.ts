import type { RequestOutcome } from "../../../../../contract";

export interface StatusQuery {
  requestId: string;
  chatId: string;
}

/** The batch call takes at most this many requests (contract BatchStatusBody). */
const BATCH_MAX = 200;

/**
 * Outcomes of permission requests, checked on display in batch (spec 02 §4): cards ask for their
 * request as they render, and one `batch-status` call a moment later answers all of them. A
 * failed check is only logged (spec 02 §8); the cards stay as stored.
 */
export class RequestStatusStore {
  private readonly statuses = new Map<string, RequestOutcome>();
  private readonly queued = new Map<string, string>();
  private readonly asked = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(
    private readonly fetchBatch: (queries: StatusQuery[]) => Promise<{ requestId: string; status: RequestOutcome }[]>,
    private readonly delayMs = 150,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (requestId: string): RequestOutcome | undefined => this.statuses.get(requestId);

  /** Asks once per request per chat view. */
  want(requestId: string, chatId: string): void {
    if (this.disposed || this.asked.has(requestId)) return;
    this.asked.add(requestId);
    this.queued.set(requestId, chatId);
    this.timer ??= setTimeout(() => void this.flush(), this.delayMs);
  }

  /** A decision made here (the card's own buttons) is known without asking. */
  set(requestId: string, status: RequestOutcome): void {
    this.asked.add(requestId);
    if (this.statuses.get(requestId) === status) return;
    this.statuses.set(requestId, status);
    for (const listener of this.listeners) listener();
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  async flush(): Promise<void> {
    this.timer = null;
    const queries = [...this.queued].map(([requestId, chatId]) => ({ requestId, chatId }));
    this.queued.clear();
    for (let start = 0; start < queries.length; start += BATCH_MAX) {
      try {
        const rows = await this.fetchBatch(queries.slice(start, start + BATCH_MAX));
        if (this.disposed) return;
        for (const row of rows) if (row && typeof row.requestId === "string") this.set(row.requestId, row.status);
      } catch (error) {
        console.warn("[agent] permission status check failed", error);
      }
    }
  }
}
