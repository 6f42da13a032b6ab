import { ACK_WAIT_MS, SEND_RETRIES, SEND_RETRY_DELAY_MS } from "../../../../contract";

/** The slice of the room socket the outbox drives. */
export interface OutboxSocket {
  isOpen(): boolean;
  /** Transmits now; false when the socket is not open (nothing is queued). */
  send(data: string): boolean;
  /** Drops the current connection and opens a new one. */
  reconnect(): void;
}

export interface OutboxEvents {
  acked(id: string, timestamp: string, seq: number | null): void;
  failed(id: string, error: string): void;
  /** The ack wait passed: show the message as sent, though it stays pending here. */
  shownAsSent(id: string): void;
}

interface Entry {
  id: string;
  frame: string;
  /** Socket-send retries used for the current transmission. */
  retries: number;
  retryTimer: ReturnType<typeof setTimeout> | null;
  ackTimer: ReturnType<typeof setTimeout> | null;
  /** Ack waits that ran out; each later wait is longer so a broken room is not hammered. */
  waits: number;
  shownAsSent: boolean;
}

/** Later ack waits double, up to this. */
const MAX_ACK_WAIT_MS = 60_000;

/**
 * The send state machine of spec 02 §4 and §9. A message stays pending until the room acks it
 * (or echoes it back). Sending over a socket that is not open is retried 3 times, 1 s apart. If
 * no ack arrives within 5 s the message is shown as sent, the connection is forced to reconnect
 * (a restarted server can leave a dead socket that still looks open), and every pending message
 * is re-sent with the same message_id once the socket opens; the room stores a message id once.
 */
export class Outbox {
  private readonly entries = new Map<string, Entry>();
  /** Ids transmitted on this connection and not answered yet, in order: the room answers each
   * chat_message with exactly one ack or error frame, so an error belongs to the oldest. */
  private inflight: string[] = [];
  private reconnectRequested = false;

  constructor(
    private readonly socket: OutboxSocket,
    private readonly events: OutboxEvents,
  ) {}

  /** Sends a new message; `frame` is the serialized chat_message, reused verbatim for re-sends. */
  send(id: string, frame: string): void {
    if (this.entries.has(id)) return;
    const entry: Entry = { id, frame, retries: 0, retryTimer: null, ackTimer: null, waits: 0, shownAsSent: false };
    this.entries.set(id, entry);
    this.armAckTimer(entry);
    this.transmit(entry);
  }

  isPending(id: string): boolean {
    return this.entries.has(id);
  }

  pendingIds(): string[] {
    return [...this.entries.keys()];
  }

  /** A (re)opened connection: re-send everything still pending, oldest first. */
  handleOpen(): void {
    this.inflight = [];
    this.reconnectRequested = false;
    for (const entry of this.entries.values()) {
      this.clearRetry(entry);
      entry.retries = 0;
      this.armAckTimer(entry);
      this.transmit(entry);
    }
  }

  handleClose(): void {
    this.inflight = [];
  }

  handleAck(ack: { message_id: string; success: boolean; error: string | null; timestamp: string; seq: number | null }): void {
    this.inflight = this.inflight.filter((id) => id !== ack.message_id);
    const entry = this.entries.get(ack.message_id);
    if (!entry) return; // already settled (echo first, or a duplicate ack)
    this.settle(entry);
    if (ack.success) this.events.acked(entry.id, ack.timestamp, ack.seq);
    else this.events.failed(entry.id, ack.error || "Unknown error");
  }

  /** The room broadcast our own message: it is stored even if its ack got lost. */
  handleEcho(id: string, timestamp: string, seq: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.inflight = this.inflight.filter((other) => other !== id);
    this.settle(entry);
    this.events.acked(id, timestamp, seq);
  }

  /**
   * An `error` frame. Returns the id of the pending message it answers (which then failed), or
   * null when it answers none of ours.
   */
  handleError(error: string): string | null {
    const id = this.inflight.shift();
    const entry = id ? this.entries.get(id) : undefined;
    if (!entry) return null;
    this.settle(entry);
    this.events.failed(entry.id, error || "Unknown error");
    return entry.id;
  }

  /** Forgets everything (the chat closed); no callback fires afterwards. */
  dispose(): void {
    for (const entry of this.entries.values()) this.clearTimers(entry);
    this.entries.clear();
    this.inflight = [];
  }

  private transmit(entry: Entry): void {
    if (!this.entries.has(entry.id)) return;
    if (this.socket.isOpen() && this.socket.send(entry.frame)) {
      if (!this.inflight.includes(entry.id)) this.inflight.push(entry.id);
      return;
    }
    if (entry.retries >= SEND_RETRIES) return; // stays pending; the next open re-sends it
    entry.retries += 1;
    entry.retryTimer = setTimeout(() => {
      entry.retryTimer = null;
      this.transmit(entry);
    }, SEND_RETRY_DELAY_MS);
  }

  private armAckTimer(entry: Entry): void {
    if (entry.ackTimer) clearTimeout(entry.ackTimer);
    const wait = Math.min(ACK_WAIT_MS * 2 ** entry.waits, MAX_ACK_WAIT_MS);
    entry.ackTimer = setTimeout(() => this.ackTimedOut(entry), wait);
  }

  private ackTimedOut(entry: Entry): void {
    entry.ackTimer = null;
    if (!this.entries.has(entry.id)) return;
    entry.waits += 1;
    if (!entry.shownAsSent) {
      entry.shownAsSent = true;
      this.events.shownAsSent(entry.id);
    }
    // A closed socket is already reconnecting and re-sends on open; an open one may be dead.
    if (this.socket.isOpen() && !this.reconnectRequested) {
      this.reconnectRequested = true;
      this.socket.reconnect();
    }
  }

  private settle(entry: Entry): void {
    this.clearTimers(entry);
    this.entries.delete(entry.id);
  }

  private clearRetry(entry: Entry): void {
    if (entry.retryTimer) clearTimeout(entry.retryTimer);
    entry.retryTimer = null;
  }

  private clearTimers(entry: Entry): void {
    this.clearRetry(entry);
    if (entry.ackTimer) clearTimeout(entry.ackTimer);
    entry.ackTimer = null;
  }
}
