import { useEffect, useRef } from "react";
import type { ChatListItem } from "../../../contract";
import { takeArrivedFromLogin } from "../../app/session/arrival";
import { selectChat } from "../../app/session/selection";

/** The first chat with an agent in it (an agent group or a private chat with a VIRE), in list order. */
export function firstNonHumanChat(chats: ChatListItem[]): ChatListItem | undefined {
  return chats.find((chat) => chat.chatType === "single_group" || chat.chatType === "virtual_employee");
}

/** Right after sign-in, with no chat named in the URL, opens the first non-human chat (spec 02 §2.1). */
export function useOpenOnArrival(chats: ChatListItem[], loaded: boolean, selectedId: string | null): void {
  const done = useRef(false);
  useEffect(() => {
    if (!loaded || done.current) return;
    done.current = true;
    if (!takeArrivedFromLogin() || selectedId) return;
    const first = firstNonHumanChat(chats);
    if (first) selectChat(first.id, first.project_id);
  }, [loaded, chats, selectedId]);
}
