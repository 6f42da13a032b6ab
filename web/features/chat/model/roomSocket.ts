import ReconnectingWebSocket from "partysocket/ws";
import type { ClientFrame, UnpackedFrame } from "../../../../contract";
import {
  CLOSE_DISSOLVED,
  CLOSE_FRAME_FLOOD,
  CLOSE_REMOVED,
  CLOSE_SIGNED_OUT,
  REPLAY_LIMIT,
  ROOM_BATCH_QUERY,
  frameTypeOf,
  parseRoomFrame,
} from "../../../../contract";
import { Outbox } from "./outbox";
import { socketUrl } from "../../../app/api/socketUrl";

/** Close codes of the room (docs/chat-api.md "Sockets"): never reconnect after removal, dissolution or sign-out. */
export { CLOSE_DISSOLVED, CLOSE_FRAME_FLOOD, CLOSE_REMOVED, CLOSE_SIGNED_OUT };
/** After 4008 (too many frames) one quiet attempt follows this long after, not a reconnect loop. */
export const FLOOD_RETRY_MS = 30_000;
const NO_RECONNECT = new Set([CLOSE_REMOVED, CLOSE_DISSOLVED, CLOSE_SIGNED_OUT, CLOSE_FRAME_FLOOD]);
/** The room replays at most this many missed messages; a full replay means a reload is needed. */
export { REPLAY_LIMIT };

const OPEN = 1;

/** What the room socket needs from partysocket's ReconnectingWebSocket (a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): boolean | void;
  reconnect(): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: "open" | "close" | "message", listener: (event: Event & { code?: number; data?: unknown }) => void): void;
}

export type SocketFactory = (url: () => string, shouldReconnect: (code: number) => boolean) => SocketLike;

export type RemovedReason = "dissolved" | "removed" | "left";

/** What the socket adds to a frame from its own bookkeeping. */
export interface FrameMeta {
  /** `ready`: the first connection of this chat view, which asked for no replay. */
  first: boolean;
  /** `replay_done`: the replay was cut at its limit; the streams must be reloaded. */
  gap: boolean;
  /** `error`: the pending message it failed, if any. */
  ownMessageId: string | null;
}

export interface RoomEvents {
  connection(connected: boolean): void;
  /** Every frame the room sent that the contract knows, after the socket's own bookkeeping; a batch as its messages. */
  frame(frame: UnpackedFrame, meta: FrameMeta): void;
  acked(id: string, timestamp: string, seq: number | null): void;
  sendFailed(id: string, error: string): void;
  shownAsSent(id: string): void;
  removed(reason: RemovedReason): void;
  /** The server closed the socket because the session ended (4001): the app signs out. */
  signedOut?(): void;
}

const NO_META: FrameMeta = { first: false, gap: false, ownMessageId: null };

/**
 * `ws(s)://host/api/chats/{id}/ws?lastSeq=N&token=…&frames=batch`; the token because browsers cannot
 * set headers, and `frames=batch` because this client takes a backlog as one `messages` frame.
 */
export function roomSocketUrl(location: { protocol: string; host: string }, chatId: string, lastSeq: number | null, token: string | null): string {
  return socketUrl(location, `/api/chats/${encodeURIComponent(chatId)}/ws`, { lastSeq, token, ...ROOM_BATCH_QUERY });
}

export const partySocketFactory: SocketFactory = (url, shouldReconnect) =>
  new ReconnectingWebSocket(url, undefined, {
    // The outbox decides what is re-sent after a reconnect; partysocket must not queue too.
    maxEnqueuedMessages: 0,
    minReconnectionDelay: 500 + Math.random() * 1000,
    maxReconnectionDelay: 10_000,
    connectionTimeout: 6_000,
    shouldReconnectOnClose: (event) => shouldReconnect(event.code),
  }) as unknown as SocketLike;

/**
 * One connection to a chat room. It remembers the highest seq it has seen, so every reconnect
 * asks the room for exactly the messages it missed, and owns the outbox of pending sends.
 */
export class RoomSocket {
  private socket: SocketLike | null = null;
  private readonly outbox: Outbox;
  /** Highest seq known to have reached this client over the socket; null before the first ready. */
  private highestSeq: number | null = null;
  private replayed = 0;
  private stopped: RemovedReason | null = null;
  private floodRetry: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly chatId: string,
    private readonly events: RoomEvents,
    private readonly options: { factory?: SocketFactory; location?: { protocol: string; host: string }; token?: () => string | null } = {},
  ) {
    this.outbox = new Outbox(
      { isOpen: () => this.isOpen(), send: (data) => this.transmit(data), reconnect: () => this.socket?.reconnect() },
      {
        acked: (id, timestamp, seq) => events.acked(id, timestamp, seq),
        failed: (id, error) => events.sendFailed(id, error),
        shownAsSent: (id) => events.shownAsSent(id),
      },
    );
  }

  start(): void {
    if (this.socket) return;
    const factory = this.options.factory ?? partySocketFactory;
    const socket = factory(
      () => this.url(),
      (code) => !NO_RECONNECT.has(code) && !this.stopped,
    );
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (this.socket !== socket) return;
      this.replayed = 0;
      this.events.connection(true);
      this.outbox.handleOpen();
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.outbox.handleClose();
      this.events.connection(false);
      if (event.code === CLOSE_REMOVED || event.code === CLOSE_DISSOLVED) this.stop(event.code === CLOSE_DISSOLVED ? "dissolved" : "removed");
      if (event.code === CLOSE_SIGNED_OUT) {
        this.outbox.dispose();
        this.events.signedOut?.();
      }
      if (event.code === CLOSE_FRAME_FLOOD && !this.floodRetry) {
        this.floodRetry = setTimeout(() => {
          this.floodRetry = undefined;
          if (this.socket === socket && !this.stopped) socket.reconnect();
        }, FLOOD_RETRY_MS);
      }
    });
    socket.addEventListener("message", (event) => {
      if (this.socket === socket && typeof event.data === "string") this.receive(event.data);
    });
  }

  /** The URL of the next connection attempt; partysocket asks again on every reconnect. */
  url(): string {
    const location = this.options.location ?? window.location;
    const token = this.options.token?.() ?? null;
    return roomSocketUrl(location, this.chatId, this.highestSeq, token);
  }

  get lastSeq(): number | null {
    return this.highestSeq;
  }

  get removedReason(): RemovedReason | null {
    return this.stopped;
  }

  isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Sends a chat_message frame (serialized) and tracks it until acked. */
  send(messageId: string, frame: string): void {
    this.outbox.send(messageId, frame);
  }

  /**
   * Sends a frame the room answers with its own frames rather than an ack (pause, presenter
   * requests). Nothing is queued: false means it did not go out and the caller says so.
   */
  sendFrame(frame: ClientFrame): boolean {
    return this.transmit(JSON.stringify(frame));
  }

  close(): void {
    clearTimeout(this.floodRetry);
    this.outbox.dispose();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000, "closed");
  }

  private transmit(data: string): boolean {
    if (!this.socket || !this.isOpen()) return false;
    return this.socket.send(data) !== false;
  }

  private seen(seq: number | null | undefined): void {
    if (typeof seq === "number" && seq > 0 && this.highestSeq !== null && seq > this.highestSeq) this.highestSeq = seq;
  }

  private stop(reason: RemovedReason): void {
    if (this.stopped) return;
    this.stopped = reason;
    this.outbox.dispose();
    this.socket?.close(1000, reason);
    this.events.removed(reason);
  }

  private receive(data: string): void {
    const frame = parseRoomFrame(data);
    if (!frame) {
      // A frame this client does not know (a newer room, or a broken one) is reported, not dropped silently.
      console.warn(`[chat ${this.chatId}] unknown room frame: ${frameTypeOf(data)}`);
      return;
    }
    if (frame.type === "messages") {
      for (const message of frame.messages) this.handle({ type: "message", message });
    } else {
      this.handle(frame);
    }
  }

  private handle(frame: UnpackedFrame): void {
    let meta = NO_META;
    switch (frame.type) {
      case "ready": {
        const first = this.highestSeq === null;
        // The first connection asked for no replay: everything up to headSeq comes from history.
        if (first) this.highestSeq = frame.headSeq;
        meta = { ...NO_META, first };
        break;
      }
      case "message":
        this.replayed += 1;
        this.seen(frame.message.seq);
        this.outbox.handleEcho(frame.message.id, frame.message.createdAt, frame.message.seq);
        break;
      case "replay_done": {
        const gap = this.replayed >= REPLAY_LIMIT;
        if (gap) this.highestSeq = frame.headSeq;
        meta = { ...NO_META, gap };
        break;
      }
      case "chat_ack":
        // Not taken as seen: the room may ack a message before it sends the messages stored just
        // before it (they leave together, as one batch), and a reconnect in between would skip them.
        // Every stored message reaches its sender too, which is when its seq counts.
        this.outbox.handleAck(frame);
        break;
      case "group_remove":
        this.stop(frame.reason);
        return;
      case "error":
        // An error about a stored message is news, not the refusal of a send still waiting for its ack.
        meta = { ...NO_META, ownMessageId: frame.messageId ? null : this.outbox.handleError(frame.error) };
        console.warn(`[chat ${this.chatId}] room error: ${frame.error}`);
        break;
    }
    this.events.frame(frame, meta);
  }
}
