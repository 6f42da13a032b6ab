import { createContext, useContext } from "react";
import type { UiMessage } from "../model/types";

/** What a message row can do; provided once by the list instead of threaded through Virtuoso. */
export interface MessageActionsValue {
  me: { id: string; name: string };
  /** Participant names, for @mention highlighting. */
  names: readonly string[];
  selecting: boolean;
  selected: ReadonlySet<string>;
  /** The message a reply preview jumped to, highlighted briefly. */
  highlightId: string | null;
  reply(message: UiMessage): void;
  copy(message: UiMessage): void;
  /** Forward enters selection mode with the message selected (spec 02 §4 "Selection mode"). */
  forward(message: UiMessage): void;
  startSelection(message: UiMessage): void;
  toggleSelected(message: UiMessage): void;
  react(message: UiMessage, emoji: string): void;
  like(message: UiMessage): void;
  dislike(message: UiMessage): void;
  jumpTo(messageId: string): void;
  /** Regenerate and refresh of agent replies. */
  replies?: {
    canRegenerate(message: UiMessage): boolean;
    regenerate(message: UiMessage): void;
    refresh(message: UiMessage): void;
  };
  /** Agent-tab grouping of replies under their request; absent in other tabs. */
  groups?: {
    count(messageId: string): number;
    collapsed(messageId: string): boolean;
    toggle(messageId: string): void;
  };
}

export const MessageActionsContext = createContext<MessageActionsValue | null>(null);

export function useMessageActions(): MessageActionsValue {
  const value = useContext(MessageActionsContext);
  if (!value) throw new Error("useMessageActions outside MessageActionsContext");
  return value;
}

/** Messages without actions (spec 02 §2.13). */
export function hasActions(message: Pick<UiMessage, "messageType">): boolean {
  return message.messageType !== "status_update" && message.messageType !== "system_alert" && message.messageType !== "merged_forward";
}

/** Status and alert lines cannot be selected for forwarding either. */
export function isSelectable(message: Pick<UiMessage, "messageType" | "pending" | "failed">): boolean {
  return message.messageType !== "status_update" && message.messageType !== "system_alert" && !message.pending && !message.failed;
}
