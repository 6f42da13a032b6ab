import { create } from "zustand";
import type { BatchStatusAnswer, RequestOutcome } from "../../../../../contract";

export interface StatusQuery {
  requestId: string;
  chatId: string;
}

export type StatusRow = BatchStatusAnswer["data"][number];

/** The batch call takes at most this many requests (contract BatchStatusBody). */
const BATCH_MAX = 200;

export interface RequestStatusState {
  statuses: ReadonlyMap<string, RequestOutcome>;
  get(requestId: string): RequestOutcome | undefined;
  /** Asks once per request per chat view. */
  want(requestId: string, chatId: string): void;
  /** A decision made here (the card's own buttons) is known without asking. */
  set(requestId: string, status: RequestOutcome): void;
  flush(): Promise<void>;
  dispose(): void;
}

/**
 * Outcomes of permission requests, checked on display in batch (spec 02 §4): cards ask for their
 * request as they render, and one `batch-status` call a moment later answers all of them. A
 * failed check is only logged (spec 02 §8); the cards stay as stored.
 */
export function createRequestStatusStore(fetchBatch: (queries: StatusQuery[]) => Promise<StatusRow[]>, delayMs = 150) {
  const queued = new Map<string, string>();
  const asked = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  return create<RequestStatusState>()((setState, getState) => ({
    statuses: new Map(),

    get: (requestId) => getState().statuses.get(requestId),

    want(requestId, chatId) {
      if (disposed || asked.has(requestId)) return;
      asked.add(requestId);
      queued.set(requestId, chatId);
      timer ??= setTimeout(() => void getState().flush(), delayMs);
    },

    set(requestId, status) {
      asked.add(requestId);
      const { statuses } = getState();
      if (statuses.get(requestId) === status) return;
      setState({ statuses: new Map(statuses).set(requestId, status) });
    },

    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },

    async flush() {
      timer = null;
      const queries = [...queued].map(([requestId, chatId]) => ({ requestId, chatId }));
      queued.clear();
      for (let start = 0; start < queries.length; start += BATCH_MAX) {
        try {
          const rows = await fetchBatch(queries.slice(start, start + BATCH_MAX));
          if (disposed) return;
          for (const row of rows) getState().set(row.requestId, row.status);
        } catch (error) {
          console.warn("[agent] permission status check failed", error);
        }
      }
    },
  }));
}

export type RequestStatusStore = ReturnType<typeof createRequestStatusStore>;
