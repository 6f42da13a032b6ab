import { encodeFrame, type ChatMessage, type ServerFrame } from "../../../contract";
import { chunkBySize } from "../../lib/chunk-by-size";
import { takesBatches } from "./sockets";

/**
 * A `messages` frame stops growing at this many characters (a message alone may be longer, as a
 * `message` frame is today), so a long backlog leaves as frames a client parses without a stall.
 */
export const BATCH_CHARS = 64 * 1024;

/**
 * How long a backlog's mark lasts: after a message came in behind another (or a window caught more
 * than one), every new message waits for its window for this long, so a room that keeps falling
 * behind sends one frame per window instead of paying for the first message's sends each time.
 */
export const BACKLOG_HOLD_MS = 1000;

/** About what one send costs the room in workerd CPU (measured in a room of 100, 2026-12). */
export const SEND_MS = 0.035;

/**
 * A room with more batching sockets than this never sends a message at once: at SEND_MS a send,
 * its fan-out alone outlasts the gap between messages in a busy room, so the acks and messages
 * behind it would wait for it (1,000 clients: every message waiting came out at 0.80–1.43× the
 * floor, the first at once at 1.04–2.26×).
 */
export const AT_ONCE_MAX_SOCKETS = 250;

/** The room's sockets, split by what their clients take. */
interface SocketLists {
  all: WebSocket[];
  batch: WebSocket[];
  plain: WebSocket[];
}

/**
 * How the room's frames reach its sockets. A frame is serialised once and the same text goes to
 * every socket. The lists of sockets are kept between broadcasts: asking the platform on each
 * message builds a fresh list of a thousand sockets in a large room, for a list that only
 * changes when a socket is accepted or closes. They live in memory only (a room woken from
 * hibernation asks again), so nothing here is a source of truth. Which sockets take batches is in
 * their attachment (`takesBatches`), not a tag all of them share: with that tag a room of 100 was
 * 1.21× the floor's p99 in a 20-round run (1.12–1.23× over two days), without it 1.05× and 1.09× the
 * same day. Why one shared tag costs that much is not known.
 *
 * New messages everyone sees go to batching sockets like this: a message that did not
 * come in behind another leaves at once, as a plain `message` frame. One that came in behind the
 * last message sent at once, stored in the same turn or handled before that one's fan-out could
 * have ended (the sockets times SEND_MS after it), waited for it: the room has a backlog (a
 * collection pause, a busy machine). It waits for a window that closes when the platform next runs
 * the room's timers (a `setTimeout(0)`), and every message handled before then goes out with it as
 * one `messages` frame, one send per socket instead of one per message and socket, so a backlog
 * drains faster than it formed. After a backlog every new message waits for its window for
 * BACKLOG_HOLD_MS, so a room that keeps falling behind sends one frame per window instead of
 * paying for the first message's sends each time; in a room too large for one message's fan-out to
 * be quick every message always waits (AT_ONCE_MAX_SOCKETS).
 * Sending at once matters without a backlog: sends made in the frame's own handler leave with its
 * ack behind one storage commit, while the same sends from a timer cost workerd about a third more
 * CPU per message in a room of 100 (`perf`, 2026-12-07). Telling a backlog by the clock instead of
 * a timer armed for every message also spares workerd's event loop: with that timer it polled
 * about 20 times a message in a room of 100, without it about 4 (`perf stat` of epoll_wait; the
 * floor polls once).
 * Sockets of clients that asked for nothing get every `message` frame at once, as before.
 *
 * Order per socket is kept: any other frame for the room's sockets sends the pending messages
 * first. Only the sender's ack may come before the broadcasts of the messages stored just before
 * its own, which is why a batching client never takes an ack's seq as the last it has seen.
 */
export class Fanout {
  private lists: SocketLists | null = null;
  /** Messages waiting for the window to close, each already serialised. */
  private pending: string[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Until then every new message waits for its window: the room had a backlog just now. */
  private holdUntil = 0;
  /** When the last message sent at once left, and whether it left in the turn running now. */
  private lastAtOnce = Number.NEGATIVE_INFINITY;
  private atOnceThisTurn = false;

  constructor(
    private readonly state: DurableObjectState,
    private readonly now: () => number = Date.now,
  ) {}

  /** A new message every member sees. */
  publish(message: ChatMessage): void {
    const { batch, plain } = this.sockets();
    // Serialised once for both kinds of socket; the frames are spelt as encodeFrame spells them.
    const text = JSON.stringify(message);
    if (plain.length > 0) sendAll(plain, messageFrame(text));
    if (batch.length === 0) return;
    const now = this.now();
    if (this.timer === null && this.mayLeaveAtOnce(batch.length, now)) {
      sendAll(batch, messageFrame(text));
      this.sentAtOnce(now);
      return;
    }
    this.pending.push(text);
    this.timer ??= setTimeout(() => this.flush(), 0);
  }

  /** Any other frame, to every socket or to one user's: pending messages go first. */
  broadcast(frame: ServerFrame, onlyUser?: string): void {
    this.flush();
    sendAll(onlyUser ? this.state.getWebSockets(onlyUser) : this.sockets().all, encodeFrame(frame));
  }

  /**
   * A socket was accepted or closed. Pending messages go to the sockets that were open when they
   * were stored: a socket accepted now gets what it missed from its replay, not twice.
   */
  changed(): void {
    this.flush();
    this.lists = null;
  }

  /** Closes the window: sends the pending messages, one `message` frame for one, one `messages` frame for more. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return;
    const texts = this.pending;
    this.pending = [];
    if (texts.length > 1) this.holdUntil = this.now() + BACKLOG_HOLD_MS;
    // Pending messages imply lists: publish read them, and only changed() drops them, after a flush.
    const batch = this.lists?.batch ?? [];
    for (const part of chunkBySize(texts, (text) => text.length + 1, BATCH_CHARS))
      sendAll(batch, part.length === 1 ? messageFrame(part[0]!) : messagesFrame(part));
  }

  /**
   * Whether a message for this many batching sockets may leave at once: the room is small enough,
   * is not holding after a backlog, and the message did not come in behind the last one sent at
   * once. One that did starts a hold.
   */
  private mayLeaveAtOnce(sockets: number, now: number): boolean {
    if (sockets > AT_ONCE_MAX_SOCKETS) return false;
    if (now < this.holdUntil) return false;
    if (!this.atOnceThisTurn && now - this.lastAtOnce >= sockets * SEND_MS) return true;
    this.holdUntil = now + BACKLOG_HOLD_MS;
    return false;
  }

  private sentAtOnce(now: number): void {
    this.lastAtOnce = now;
    this.atOnceThisTurn = true;
    // Microtasks run before the platform hands the room its next frame: the turn is over by then. A
    // reaction of a settled promise is one, queued by V8 itself; queueMicrotask is a call into workerd.
    void SETTLED.then(this.endTurn);
  }

  /** Made once, not per message: esbuild names every arrow function it bundles, each time it is created. */
  private readonly endTurn = (): void => {
    this.atOnceThisTurn = false;
  };

  private sockets(): SocketLists {
    if (this.lists) return this.lists;
    const all = this.state.getWebSockets();
    this.lists = { all, batch: all.filter(takesBatches), plain: all.filter((ws) => !takesBatches(ws)) };
    return this.lists;
  }
}

const SETTLED = Promise.resolve();
const messageFrame = (text: string) => `{"type":"message","message":${text}}`;
const messagesFrame = (texts: string[]) => `{"type":"messages","messages":[${texts.join(",")}]}`;

function sendAll(sockets: WebSocket[], data: string): void {
  for (const ws of sockets) {
    try {
      ws.send(data);
    } catch {
      // A closing socket: its client replays what it missed when it reconnects.
    }
  }
}
