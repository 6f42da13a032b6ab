import { createContext, useContext, useEffect, useState } from "react";
import type { BatchStatusAnswer, RequestOutcome } from "../../../../../contract";
import { request } from "../../../../app/api/client";
import { createRequestStatusStore, type RequestStatusState, type RequestStatusStore, type StatusQuery } from "../model/requestStatusStore";

/** The envelope's data is `{success, data: rows}`: the rows of the requests the caller may see. */
async function fetchBatch(queries: StatusQuery[]) {
  const answer = await request<BatchStatusAnswer>("/api/request-permission/batch-status", { method: "POST", data: { jsonArray: queries }, silent: true });
  return answer.data;
}

export const RequestStatusContext = createContext<RequestStatusStore | null>(null);

/**
 * One store per open chat (the chat room remounts per chat), provided to the cards. Not disposed
 * on unmount: a late answer only updates a store nobody reads, and StrictMode remounts keep it.
 */
export function useRequestStatusStore(): RequestStatusStore {
  const [store] = useState(() => createRequestStatusStore(fetchBatch));
  return store;
}

/** Read outside a chat room (no provider): nothing is known and nothing is asked. */
const NO_STORE = createRequestStatusStore(async () => []);

/** The server outcome of one request (undefined until known); asks for it when first shown. */
export function useRequestStatus(query: StatusQuery | null, ask: boolean): { status: RequestOutcome | undefined; store: RequestStatusState | null } {
  const provided = useContext(RequestStatusContext);
  const requestId = query?.requestId ?? "";
  const chatId = query?.chatId ?? "";
  const status = (provided ?? NO_STORE)((s) => (requestId ? s.statuses.get(requestId) : undefined));
  useEffect(() => {
    if (provided && requestId && ask) provided.getState().want(requestId, chatId);
  }, [provided, requestId, chatId, ask]);
  return { status, store: provided ? provided.getState() : null };
}
