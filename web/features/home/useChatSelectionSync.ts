import { useCallback, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { clearSelection, getSelection, selectChat, useSelection } from "../../app/session/selection";

export const CHAT_ID_PARAM = "chatId";

/** The chat named in the address bar now, which may be ahead of the router's committed location. */
function urlChatIdNow(): string | null {
  return new URLSearchParams(window.location.search).get(CHAT_ID_PARAM);
}

/**
 * Keeps the open chat and the `?chatId=` query parameter in step (spec 02 §2: the sidebar reads
 * chatId to pre-select a chat). The URL wins on arrival; after that, selecting a chat rewrites the
 * parameter in place (history replace, same language path) and leaving the chat removes it.
 */
export function useChatSelectionSync(): string | null {
  const [params, setParams] = useSearchParams();
  const urlChatId = params.get(CHAT_ID_PARAM);
  const { chatId } = useSelection();
  const previousUrl = useRef<string | null | undefined>(undefined);
  const previousStore = useRef<string | null | undefined>(undefined);

  // The effects below re-run when this changes; their refs make such a re-run a no-op.
  const writeUrl = useCallback(
    (next: string | null) =>
      setParams(
        (prev) => {
          const updated = new URLSearchParams(prev);
          if (next) {
            updated.set(CHAT_ID_PARAM, next);
            updated.delete("view"); // opening a chat leaves the contacts screen
          } else updated.delete(CHAT_ID_PARAM);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  // URL -> selection: on arrival, and when navigation changes or drops the parameter. The router's
  // location only tells this effect when to look: it commits in a transition, so it can arrive
  // after a newer choice already rewrote the address bar, and acting on it would take the reader
  // back to the chat they just left. The address bar itself is always current.
  useEffect(() => {
    const inUrl = urlChatIdNow();
    const first = previousUrl.current === undefined;
    const changed = previousUrl.current !== inUrl;
    previousUrl.current = inUrl;
    if (!changed) return;
    const current = getSelection().chatId;
    if (inUrl) {
      if (inUrl !== current) selectChat(inUrl);
    } else if (first) {
      if (current) writeUrl(current); // back from another page: the open chat stays open
    } else if (current) clearSelection();
  }, [urlChatId, writeUrl]);

  // Selection -> URL: a chat picked in the list, a dialog or an event.
  useEffect(() => {
    const first = previousStore.current === undefined;
    const changed = previousStore.current !== chatId;
    previousStore.current = chatId;
    if (first || !changed) return;
    if (chatId !== urlChatIdNow()) writeUrl(chatId);
  }, [chatId, writeUrl]);

  return chatId;
}
