import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

/** One per user: the global real-time connection (chat-list events, notifications). Built with the realtime chat issue. */
export class UserInbox extends DurableObject<Env> {
  override async fetch(): Promise<Response> {
    return new Response("The inbox is not available yet", { status: 501 });
  }
}
