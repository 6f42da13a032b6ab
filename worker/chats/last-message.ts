import type { ChatMessage, LastMessage } from "../../contract";
import type { Env } from "../env";
import { roomStub } from "../rooms/stubs";

/** Agent step cards carry the step as JSON for the card to draw; a reader never sees that text as a message. */
const MACHINE_TYPES: ReadonlySet<ChatMessage["messageType"]> = new Set(["status_update"]);

/**
 * The newest message `viewerId` may see in the chat, over all its streams: someone else's ask-only
 * questions and their answers, and cards meant for another member, are never among them (the room
 * filters by visibility). Null when the chat has no message yet.
 */
export async function lastMessageFor(env: Env, chatId: string, viewerId: string): Promise<LastMessage | null> {
  const { messages } = await roomStub(env, chatId).history(viewerId, { limit: 1 });
  const last = messages.at(-1);
  if (!last) return null;
  return { content: last.content, messageType: last.messageType, displayToUser: !MACHINE_TYPES.has(last.messageType), timestamp: last.timestamp };
}
