import { createContext, useContext, useEffect, useState, useSyncExternalStore } from "react";
import type { RequestOutcome } from "../../../../../contract";
import { request } from "../../../../app/api/client";
import { RequestStatusStore, type StatusQuery } from "../model/requestStatusStore";

type Row = { requestId: string; status: RequestOutcome };

/** `{success, data: [...]}`, possibly inside the envelope's data, or the rows themselves. */
async function fetchBatch(queries: StatusQuery[]): Promise<Row[]> {
  const answer = await request<unknown>("/api/request-permission/batch-status", { method: "POST", data: { jsonArray: queries }, silent: true });
  if (Array.isArray(answer)) return answer as Row[];
  const data = (answer as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as Row[]) : [];
}

export const RequestStatusContext = createContext<RequestStatusStore | null>(null);

/**
 * One store per open chat (the chat room remounts per chat), provided to the cards. Not disposed
 * on unmount: a late answer only updates a store nobody reads, and StrictMode remounts keep it.
 */
export function useRequestStatusStore(): RequestStatusStore {
  const [store] = useState(() => new RequestStatusStore(fetchBatch));
  return store;
}

const noop = () => () => {};

/** The server outcome of one request (undefined until known); asks for it when first shown. */
export function useRequestStatus(query: StatusQuery | null, ask: boolean): { status: RequestOutcome | undefined; store: RequestStatusStore | null } {
  const store = useContext(RequestStatusContext);
  const id = query?.requestId ?? "";
  const status = useSyncExternalStore(store?.subscribe ?? noop, () => (store && id ? store.get(id) : undefined));
  useEffect(() => {
    if (store && query && ask) store.want(query.requestId, query.chatId);
  }, [store, query?.requestId, query?.chatId, ask]);
  return { status, store };
}
