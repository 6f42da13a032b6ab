import { useCallback, useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { useCurrentQuery, useQueryWriter } from "../../app/routes/useQueryWriter";
import { clearSelection, getSelection, selectChat, useSelection } from "../../app/session/selection";

export const CHAT_ID_PARAM = "chatId";

/**
 * Keeps the open chat and the `?chatId=` query parameter in step (spec 02 §2: the sidebar reads
 * chatId to pre-select a chat). The URL wins on arrival; after that, selecting a chat rewrites the
 * parameter in place (history replace, same language path) and leaving the chat removes it.
 */
export function useChatSelectionSync(): string | null {
  const [params] = useSearchParams();
  const urlChatId = params.get(CHAT_ID_PARAM);
  const { chatId } = useSelection();
  const previousUrl = useRef<string | null | undefined>(undefined);
  const previousStore = useRef<string | null | undefined>(undefined);

  // The effects below re-run when this changes; their refs make such a re-run a no-op.
  const writeQuery = useQueryWriter();
  // The chat the URL names now, which may be ahead of the router's committed location.
  const currentQuery = useCurrentQuery();
  const writeUrl = useCallback(
    (next: string | null) =>
      writeQuery(
        (query) => {
          if (next) {
            query.set(CHAT_ID_PARAM, next);
            query.delete("view"); // opening a chat leaves the contacts screen
          } else query.delete(CHAT_ID_PARAM);
        },
        { replace: true },
      ),
    [writeQuery],
  );

  // URL -> selection: on arrival, and when navigation changes or drops the parameter. The router's
  // location only tells this effect when to look: it commits in a transition, so it can arrive
  // after a newer choice already rewrote the address bar, and acting on it would take the reader
  // back to the chat they just left. The history's own location (the address bar) is always current.
  useEffect(() => {
    const inUrl = currentQuery().get(CHAT_ID_PARAM);
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
  }, [urlChatId, writeUrl, currentQuery]);

  // Selection -> URL: a chat picked in the list, a dialog or an event.
  useEffect(() => {
    const first = previousStore.current === undefined;
    const changed = previousStore.current !== chatId;
    previousStore.current = chatId;
    if (first || !changed) return;
    if (chatId !== currentQuery().get(CHAT_ID_PARAM)) writeUrl(chatId);
  }, [chatId, writeUrl, currentQuery]);

  return chatId;
}
