import { cache } from "swr/_internal";
import { create } from "zustand";
import type { ChatListItem } from "../../../contract";
import { CHAT_LIST_KEY, cachedChat, chatKey } from "../realtime/chatListCache";
import type { ChatListData } from "../realtime/chatListUpdates";
import { getSelection, selectChat, useSelectionStore } from "./selection";

/**
 * A message someone asked to see (a search hit, a mention): the chat opens on its tab, pages back
 * until the message is loaded, scrolls it into view and highlights it. Search and mentions set it;
 * the chat feature consumes it, so neither feature imports the other.
 */
export interface MessageTarget {
  chatId: string;
  messageId: string;
  /** 0 discuss, 1 agent, 2 ask-only. */
  chatType: number;
}

interface JumpState {
  target: MessageTarget | null;
  /** Bumped on every jump, so asking for the same message twice scrolls to it again. */
  nonce: number;
}

export const useJumpStore = create<JumpState>()(() => ({ target: null, nonce: 0 }));

/**
 * The chat's project as the cached chat list (or the chat's own entry) knows it. The global SWR
 * cache is the one `mutate` in chatListCache writes; this runs outside React, so no hook reaches it.
 */
function knownProjectId(chatId: string): string | null | undefined {
  const list = cache.get(CHAT_LIST_KEY)?.data as ChatListData | undefined;
  const chat = cachedChat(list, chatId) ?? (cache.get(chatKey(chatId))?.data as ChatListItem | undefined);
  return chat ? chat.project_id : undefined;
}

/**
 * Opens a chat with its project selected too (spec 01 §4). A chat the cache does not know yet
 * keeps the project it already had if it is the open one; the chat list corrects it once loaded.
 */
export function openChat(chatId: string): void {
  const known = knownProjectId(chatId);
  const current = getSelection();
  const projectId = known !== undefined ? known : current.chatId === chatId ? current.projectId : null;
  if (current.chatId === chatId && current.projectId === projectId) return;
  selectChat(chatId, projectId);
}

export function jumpToMessage(target: MessageTarget): void {
  openChat(target.chatId);
  useJumpStore.setState((s) => ({ target, nonce: s.nonce + 1 }));
}

/** The chat calls this once it has shown the message (or given up looking for it). */
export function clearJump(): void {
  if (useJumpStore.getState().target) useJumpStore.setState({ target: null });
}

// Leaving for another chat before the target was shown drops it, so it does not fire on a later visit.
useSelectionStore.subscribe((selection) => {
  const { target } = useJumpStore.getState();
  if (target && selection.chatId !== target.chatId) clearJump();
});
