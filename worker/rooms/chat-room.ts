import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/**
 * One per chat: the single writer of its messages (seq, acks, broadcast). The realtime chat issue
 * fills it in; until then it refuses connections plainly instead of pretending to work.
 */
export class ChatRoom extends DurableObject<Env> {
  override async fetch(): Promise<Response> {
    return new Response("Chat rooms are not available yet", { status: 501 });
  }
}
