import { create } from "zustand";
import { selectChat } from "./selection";

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

export function jumpToMessage(target: MessageTarget): void {
  selectChat(target.chatId);
  useJumpStore.setState((s) => ({ target, nonce: s.nonce + 1 }));
}

/** The chat calls this once it has shown the message (or given up looking for it). */
export function clearJump(): void {
  if (useJumpStore.getState().target) useJumpStore.setState({ target: null });
}
