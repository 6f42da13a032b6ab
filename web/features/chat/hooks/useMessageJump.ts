import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import type { ChatStream } from "../../../../contract";
import { clearJump, useJumpStore } from "../../../app/session/jump";
import { streamOfMessage } from "../model/streams";
import type { StreamKey } from "../model/types";
import type { ChatRoomStore } from "../store/chatStore";
import { pageBackTo } from "../store/jump";

/** The message the list scrolls to and highlights; a new nonce repeats it for the same message. */
export interface JumpFocus {
  messageId: string;
  nonce: number;
  /** The list showed it: a list mounted later (another tab and back) does not scroll there again. */
  shown(): void;
}

function streamOfTarget(chatType: number, streams: readonly StreamKey[]): StreamKey {
  const type: ChatStream = chatType === 1 || chatType === 2 ? chatType : 0;
  return streamOfMessage({ chat_type: type, chatType: type }, streams) ?? streams[0]!;
}

/**
 * Consumes a jump aimed at this chat (a search hit, a mention): opens the message's tab, pages back
 * until the message is loaded, then hands the list its id to scroll to and highlight. `pages` is
 * the progress while it looks (null when not looking). A message that is not found says so.
 */
export function useMessageJump(
  chatId: string,
  store: ChatRoomStore,
  showStream: (stream: StreamKey) => void,
): { focus: JumpFocus | null; pages: number | null } {
  const { t } = useTranslation();
  const target = useJumpStore((s) => s.target);
  const nonce = useJumpStore((s) => s.nonce);
  const [focus, setFocus] = useState<JumpFocus | null>(null);
  const [pages, setPages] = useState<number | null>(null);
  const show = useRef(showStream);
  show.current = showStream;
  const notFound = useRef(t("search.jump.notFound"));
  notFound.current = t("search.jump.notFound");

  useEffect(() => {
    if (!target || target.chatId !== chatId) return;
    const stream = streamOfTarget(target.chatType, store.streamKeys);
    show.current(stream);
    const controller = new AbortController();
    setPages(0);
    void pageBackTo(store, stream, target.messageId, { signal: controller.signal, onPage: setPages }).then((outcome) => {
      if (outcome === "cancelled") return;
      setPages(null);
      if (outcome === "found") {
        const shown = () => setFocus((current) => (current?.nonce === nonce ? null : current));
        setFocus({ messageId: target.messageId, nonce, shown });
      } else if (outcome === "missing") toast.info(notFound.current, { id: `jump-missing:${target.messageId}` });
      clearJump();
    });
    return () => {
      controller.abort();
      setPages(null);
    };
  }, [target, nonce, chatId, store]);

  return { focus, pages };
}
