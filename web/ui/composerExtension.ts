import type { ReactNode } from "react";
import type { ChatListItem } from "../../contract";

/**
 * Something another feature adds to a chat's composer without the chat knowing about it: the
 * coding workspace's file references (spec 02 §3 "File reference chip"). The route composes it.
 */
export interface ComposerExtension {
  /** Shown above the text field. */
  chips: ReactNode;
  /** True when it alone is enough to send (a message of only file references). */
  hasContent: boolean;
  /** The text actually sent: the typed text with the references appended. */
  decorate(text: string): string;
  /** After a message was taken. */
  sent(): void;
  /** Drops of this type are handed to `drop` instead of being read as attachments. */
  dropType?: string;
  drop?(payload: string): void;
}

/** The chat's header, which belongs to the groups feature: the route passes it in, so the chat never imports it. */
export type ChatHeaderSlot = (props: { chat: ChatListItem; connected: boolean }) => ReactNode;
