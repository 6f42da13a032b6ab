import { DurableObject } from "cloudflare:workers";
import * as v from "valibot";
import { PING_TEXT, PONG_TEXT, PingFrame, encodeFrame, type InboxFrame, type Mention, type MentionsAnswer } from "../../contract";
import type { Env } from "../env";
import { getDb } from "../db/client";
import { MentionStore, type MentionInput } from "../mentions/store";
import { userPresence } from "../db/schema";
import { echoClose } from "./close-socket";
import { spendFrame } from "./frame-budget";
import { SESSION_CHECK_MS, SESSION_HEADER, closeEndedSessions, closeSessionSockets, sessionTag } from "./session-sockets";

export const INBOX_USER_HEADER = "x-inbox-user-id";

/**
 * One per user: the spec's "global real-time connection". Every open tab of the user holds a
 * hibernating socket here; the Worker and the queue consumer call `notify` to reach all of them.
 */
export class UserInbox extends DurableObject<Env> {
  private readonly mentions: MentionStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.mentions = new MentionStore(ctx.storage.sql);
    // Tabs ping every 25 s; the platform answers without waking the inbox.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING_TEXT, PONG_TEXT));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const userId = request.headers.get(INBOX_USER_HEADER);
    if (userId) await this.ctx.storage.put("userId", userId);
    const pair = new WebSocketPair();
    const sessionId = request.headers.get(SESSION_HEADER);
    this.ctx.acceptWebSocket(pair[1], sessionId ? [sessionTag(sessionId)] : []);
    await this.recordPresence();
    // The session check rides on the alarm, once a minute while tabs are open.
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + SESSION_CHECK_MS);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /**
   * Writes how many tabs are open to D1, so the message mirror only notifies people who are online.
   * A stale count (an object that vanished without close events) only costs a wasted notice.
   */
  private async recordPresence(closing?: WebSocket): Promise<void> {
    const userId = await this.ctx.storage.get<string>("userId");
    if (!userId) return;
    const tabs = this.ctx.getWebSockets().filter((ws) => ws !== closing && ws.readyState === WebSocket.OPEN).length;
    await getDb(this.env.DB)
      .insert(userPresence)
      .values({ userId, tabs, updatedAt: new Date() })
      .onConflictDoUpdate({ target: userPresence.userId, set: { tabs, updatedAt: new Date() } });
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

  // ---- Mentions: stored here, not in D1. They are per user, read and changed only by that user, and
  // delivered live by this same object: one single-threaded writer keeps the 50-cap pruning and the
  // once-per-message rule race-free, and no shared D1 table grows with every mention of every user.

  /** Stores a mention (once per message) and tells every open tab; null when it was already here. */
  async addMention(input: MentionInput): Promise<Mention | null> {
    const mention = this.mentions.add(input);
    if (mention) await this.notify({ type: "mention", mention });
    return mention;
  }

  async listMentions(): Promise<MentionsAnswer> {
    return this.mentions.list();
  }

  /** `ids` null: all. Null when any id is not this user's. */
  async markMentionsRead(ids: string[] | null): Promise<MentionsAnswer | null> {
    return this.mentions.markRead(ids) ? this.mentions.list() : null;
  }

  async clearMentions(): Promise<MentionsAnswer> {
    this.mentions.clear();
    return this.mentions.list();
  }

  async deleteMention(id: string): Promise<MentionsAnswer | null> {
    return this.mentions.remove(id) ? this.mentions.list() : null;
  }

  /** Sign-out: this session's tabs close at once. */
  async closeSession(sessionId: string): Promise<number> {
    return closeSessionSockets(this.ctx, sessionId);
  }

  /** Sessions were revoked: sockets whose session is gone close now. */
  async checkSessions(): Promise<void> {
    await closeEndedSessions(this.ctx, this.env.DB);
  }

  override async alarm(): Promise<void> {
    await closeEndedSessions(this.ctx, this.env.DB);
    if (this.ctx.getWebSockets().length > 0) await this.ctx.storage.setAlarm(Date.now() + SESSION_CHECK_MS);
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    if (!spendFrame(ws, typeof data === "string" ? data.length : data.byteLength)) return;
    // Tabs only ping (answered by the platform when sent as PING_TEXT); anything else is ignored rather than echoed.
    if (typeof data === "string" && data.length < 100 && isPing(data)) ws.send(PONG_TEXT);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    echoClose(ws, code, reason);
    await this.recordPresence(ws);
  }
}

/** A ping spelt differently from PING_TEXT (spaces, key order) still gets its pong. */
function isPing(text: string): boolean {
  try {
    return v.is(PingFrame, JSON.parse(text));
  } catch {
    return false;
  }
}
