import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import type { ChatListItem, SessionUser } from "../../../../contract";
import { createChatStore, type ChatRoomStore, type ChatState, type ChatStoreOptions } from "./chatStore";

const ChatStoreContext = createContext<ChatRoomStore | null>(null);

/** Creates the open chat's store, connects it while mounted, and keeps its chat and user current. */
export function ChatStoreProvider({ chat, me, options, children }: { chat: ChatListItem; me: SessionUser; options?: ChatStoreOptions; children: ReactNode }) {
  const [store] = useState(() => createChatStore(chat, me, options));
  store.update(chat, me);
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  // Fresh server counts already include what arrived over the socket.
  useEffect(() => store.serverUnreadChanged(), [store, chat.unread.agent, chat.unread.human]);
  return <ChatStoreContext.Provider value={store}>{children}</ChatStoreContext.Provider>;
}

/** The open chat's store, for its commands. */
export function useChatStore(): ChatRoomStore {
  const store = useContext(ChatStoreContext);
  if (!store) throw new Error("useChatStore outside ChatStoreProvider");
  return store;
}

/** One slice of the open chat's state; the component re-renders only when that slice changes. */
export function useChatState<T>(selector: (state: ChatState) => T): T {
  return useStore(useChatStore().state, selector);
}
