import { frameTypeOf, parseInboxFrame, type InboxFrame } from "../../../contract";

export type InboxListener = (frame: InboxFrame) => void;

/**
 * One inbox socket message as a frame of the contract, or null. A message that is not one is
 * logged with the type it claims, so a frame the server added and this build does not know about
 * shows up in the console instead of vanishing.
 */
export function readInboxFrame(data: unknown): InboxFrame | null {
  const frame = parseInboxFrame(data);
  if (!frame) console.warn("inbox: ignored a frame that is unknown or invalid", frameTypeOf(data));
  return frame;
}

/** Hands one socket message to every listener; pongs only prove the socket alive and go no further. */
export function deliverInboxMessage(data: unknown, listeners: Iterable<InboxListener>): void {
  const frame = readInboxFrame(data);
  if (!frame || frame.type === "pong") return;
  for (const listener of listeners) listener(frame);
}
