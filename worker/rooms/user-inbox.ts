import { DurableObject } from "cloudflare:workers";
import { encodeFrame, type InboxFrame } from "../../contract";
import type { Env } from "../env";

/**
 * One per user: the spec's "global real-time connection". Every open tab of the user holds a
 * hibernating socket here; the Worker and the queue consumer call `notify` to reach all of them.
 */
export class UserInbox extends DurableObject<Env> {
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Delivers one frame to every tab; returns how many sockets it reached. */
  async notify(frame: InboxFrame): Promise<number> {
    const data = encodeFrame(frame);
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(data);
        sent += 1;
      } catch {
        // a tab closing right now
      }
    }
    return sent;
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    // Tabs only ping; anything else is ignored rather than echoed.
    if (typeof data === "string" && data.length < 100 && data.includes('"ping"')) ws.send(encodeFrame({ type: "pong" }));
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }
}
