import { useEffect, useRef } from "react";
import { create } from "zustand";

/**
 * What the open chat lends the coding workspace: sending a request to the coding agent as the
 * user, through the chat's own store (optimistic row, acks, the control rule). The chat and the
 * workspace are separate features, so the chat registers here and the workspace reads it.
 */
export interface AgentSender {
  /**
   * The viewer drives the agent (the presenter, or the owner when there is none). Anyone else's
   * text in the agent tab becomes a control request, so callers offer agent actions only when true.
   */
  canDrive: boolean;
  /** Sends `text` on the agent stream as a normal user request; false when it was not taken. */
  send(text: string): Promise<boolean>;
}

const useAgentSenders = create<{ byChat: ReadonlyMap<string, AgentSender> }>()(() => ({ byChat: new Map() }));

/** Registers the chat's sender; the returned function removes it (only if it is still this one). */
export function registerAgentSender(chatId: string, sender: AgentSender): () => void {
  const next = new Map(useAgentSenders.getState().byChat);
  next.set(chatId, sender);
  useAgentSenders.setState({ byChat: next });
  return () => {
    const current = useAgentSenders.getState().byChat;
    if (current.get(chatId) !== sender) return;
    const rest = new Map(current);
    rest.delete(chatId);
    useAgentSenders.setState({ byChat: rest });
  };
}

/**
 * For the open chat: lends its send while mounted. `send` may change every render; the registered
 * sender always calls the latest one, and only `canDrive` changes re-register.
 */
export function useRegisterAgentSender(chatId: string, canDrive: boolean, send: (text: string) => Promise<boolean>): void {
  const latest = useRef(send);
  useEffect(() => {
    latest.current = send;
  });
  useEffect(() => registerAgentSender(chatId, { canDrive, send: (text) => latest.current(text) }), [chatId, canDrive]);
}

/** The sender of `chatId`, or null while that chat is not open (or not connected to the workspace). */
export function useAgentSender(chatId: string | null): AgentSender | null {
  return useAgentSenders((s) => (chatId ? (s.byChat.get(chatId) ?? null) : null));
}

/** Sends `text` to the agent of `chatId`; false when the chat is not open or did not take it. */
export function sendToAgent(chatId: string, text: string): Promise<boolean> {
  const sender = useAgentSenders.getState().byChat.get(chatId);
  return sender ? sender.send(text) : Promise.resolve(false);
}
