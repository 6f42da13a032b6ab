// The benchmark's floor: a Worker and a SQLite-backed Durable Object that take the app's chat
// socket URL and `chat_message` frame, store each message with one insert, ack the sender and
// broadcast the app's `message` frame to every socket. No auth, no checks, no mirror: whatever the
// app costs above this is the app's own work, since both run behind the same `wrangler dev`.
import { DurableObject } from "cloudflare:workers";
import { toChatMessage } from "../../worker/rooms/chat-room/mapping";
import type { MessageRow } from "../../worker/rooms/chat-room/store";

interface FloorEnv {
  FLOOR_ROOM: DurableObjectNamespace<FloorRoom>;
}

/** Who is on a socket, and in which chat: kept in its attachment, as the app's room does, so sockets can hibernate. */
interface Sender {
  id: string;
  name: string;
  chatId: string;
}

interface FloorFrame {
  message_id: string;
  chat_type: number;
  data: { content: { text: string } };
}

const SOCKET_PATH = /^\/api\/chats\/([^/]+)\/ws$/;

export default {
  async fetch(request: Request, env: FloorEnv): Promise<Response> {
    const chatId = SOCKET_PATH.exec(new URL(request.url).pathname)?.[1];
    if (!chatId) return new Response("bench floor");
    return env.FLOOR_ROOM.get(env.FLOOR_ROOM.idFromName(chatId)).fetch(request);
  },
} satisfies ExportedHandler<FloorEnv>;

export class FloorRoom extends DurableObject<FloorEnv> {
  constructor(ctx: DurableObjectState, env: FloorEnv) {
    super(ctx, env);
    ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, chat_type INTEGER NOT NULL,
      sender_id TEXT NOT NULL, sender_name TEXT NOT NULL, content TEXT NOT NULL, created_at INTEGER NOT NULL)`);
  }

  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    // The app's URL carries a session token; here it only tells the senders apart. Cut to the
    // length of the app's user ids, so both send frames of the same size.
    const sender = (url.searchParams.get("token") ?? "anonymous").slice(0, 14);
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    pair[1].serializeAttachment({ id: sender, name: sender, chatId: SOCKET_PATH.exec(url.pathname)?.[1] ?? "" } satisfies Sender);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const frame = JSON.parse(typeof data === "string" ? data : new TextDecoder().decode(data)) as FloorFrame;
    const sender = ws.deserializeAttachment() as Sender;
    const now = Date.now();
    const stored = this.ctx.storage.sql
      .exec<{ seq: number }>(
        "INSERT INTO messages (id, chat_type, sender_id, sender_name, content, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING seq",
        frame.message_id,
        frame.chat_type,
        sender.id,
        sender.name,
        frame.data.content.text,
        now,
      )
      .one();
    const row: MessageRow = {
      seq: stored.seq,
      id: frame.message_id,
      chat_type: frame.chat_type,
      visible_to: null,
      sender_id: sender.id,
      sender_name: sender.name,
      sender_image: null,
      sender_type: "user",
      message_type: "chat",
      content: frame.data.content.text,
      attachments: "[]",
      reply_to_id: null,
      created_at: now,
      streaming: 0,
      mirrored: 0,
    };
    const at = new Date(now).toISOString();
    ws.send(JSON.stringify({ type: "chat_ack", message_id: frame.message_id, success: true, error: null, timestamp: at, seq: stored.seq }));
    const message = JSON.stringify({ type: "message", message: toChatMessage(sender.chatId, row) });
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.send(message);
      } catch {
        // closing socket
      }
    }
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code);
    } catch {
      // already closed
    }
  }
}
