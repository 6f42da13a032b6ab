import type { StreamKey } from "../model/types";
import type { ChatRoomStore } from "./chatStore";

/** How many older pages a jump reads before it gives up (a page is `MESSAGE_PAGE_SIZE` messages). */
export const JUMP_MAX_PAGES = 50;

export type JumpOutcome = "found" | "missing" | "failed" | "cancelled";

/** Resolves once the stream's first page is in and no page is loading (or the jump was called off). */
function settled(store: ChatRoomStore, stream: StreamKey, signal: AbortSignal): Promise<void> {
  const ready = () => {
    const current = store.state.getState().streams[stream];
    return current.loaded && !current.loading;
  };
  if (ready() || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      signal.removeEventListener("abort", done);
      resolve();
    };
    const unsubscribe = store.state.subscribe(() => {
      if (ready()) done();
    });
    signal.addEventListener("abort", done);
  });
}

/**
 * Pages a stream back through its history until `messageId` is loaded. `onPage` hears each page
 * read; a page that failed to load ends it (the history already said so in a toast).
 */
export async function pageBackTo(
  store: ChatRoomStore,
  stream: StreamKey,
  messageId: string,
  { signal, onPage, maxPages = JUMP_MAX_PAGES }: { signal: AbortSignal; onPage: (pages: number) => void; maxPages?: number },
): Promise<JumpOutcome> {
  const state = () => store.state.getState().streams[stream];
  let pages = 0;
  for (;;) {
    await settled(store, stream, signal);
    if (signal.aborted) return "cancelled";
    if (state().messages.some((m) => m.id === messageId)) return "found";
    if (!state().hasMore || pages >= maxPages) return "missing";
    const cursor = state().nextCursor;
    if (!(await store.loadOlder(stream))) {
      // Another caller (the list scrolled to the top) may have been loading that page: wait for it.
      await settled(store, stream, signal);
      if (signal.aborted) return "cancelled";
      if (state().nextCursor === cursor) return "failed";
    }
    if (signal.aborted) return "cancelled";
    pages += 1;
    onPage(pages);
  }
}
