import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACK_WAIT_MS, SEND_RETRIES, SEND_RETRY_DELAY_MS } from "../../../../contract";
import { Outbox, type OutboxEvents } from "../../../../web/features/chat/model/outbox";

/** A socket whose open state the test controls; `reconnect` drops it until the test reopens it. */
function fakeSocket(open = true) {
  return {
    open,
    sent: [] as string[],
    reconnects: 0,
    isOpen() {
      return this.open;
    },
    send(data: string) {
      if (!this.open) return false;
      this.sent.push(data);
      return true;
    },
    reconnect() {
      this.reconnects += 1;
      this.open = false;
    },
  };
}

function recorder() {
  const log: string[] = [];
  const events: OutboxEvents = {
    acked: (id, timestamp, seq) => log.push(`acked ${id} ${timestamp} ${seq}`),
    failed: (id, error) => log.push(`failed ${id} ${error}`),
    shownAsSent: (id) => log.push(`shown ${id}`),
  };
  return { log, events };
}

const ack = (id: string, seq: number | null, success = true, error: string | null = null) => ({
  message_id: id,
  success,
  error,
  timestamp: "2025-01-01T00:00:00.000Z",
  seq,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("Outbox", () => {
  it("sends at once on an open socket and settles on a successful ack with the server time and seq", () => {
    const socket = fakeSocket();
    const { log, events } = recorder();
    const outbox = new Outbox(socket, events);
    outbox.send("msg_a", "frame-a");
    expect(socket.sent).toEqual(["frame-a"]);
    expect(outbox.isPending("msg_a")).toBe(true);

    outbox.handleAck(ack("msg_a", 12));
    expect(log).toEqual(["acked msg_a 2025-01-01T00:00:00.000Z 12"]);
    expect(outbox.isPending("msg_a")).toBe(false);

    vi.advanceTimersByTime(ACK_WAIT_MS * 4);
    expect(log).toHaveLength(1);
    expect(socket.reconnects).toBe(0);
  });

  it("retries a send on a closed socket 3 times, 1 s apart, then waits for the next open", () => {
    const socket = fakeSocket(false);
    const { events } = recorder();
    const outbox = new Outbox(socket, events);
    const attempts = vi.spyOn(socket, "send");
    outbox.send("msg_a", "frame-a");
    expect(attempts).not.toHaveBeenCalled(); // closed: not even tried, the retry timer runs

    vi.advanceTimersByTime(SEND_RETRY_DELAY_MS * SEND_RETRIES + 10);
    expect(socket.sent).toEqual([]);
    expect(outbox.isPending("msg_a")).toBe(true);

    socket.open = true;
    vi.advanceTimersByTime(SEND_RETRY_DELAY_MS);
    expect(socket.sent).toEqual([]); // the retries are used up

    outbox.handleOpen();
    expect(socket.sent).toEqual(["frame-a"]);
  });

  it("delivers on a retry when the socket opens within the retry window", () => {
    const socket = fakeSocket(false);
    const { events } = recorder();
    const outbox = new Outbox(socket, events);
    outbox.send("msg_a", "frame-a");
    vi.advanceTimersByTime(SEND_RETRY_DELAY_MS + 10);
    expect(socket.sent).toEqual([]);
    socket.open = true;
    vi.advanceTimersByTime(SEND_RETRY_DELAY_MS);
    expect(socket.sent).toEqual(["frame-a"]);
  });

  it("after 5 s without an ack shows the message as sent, forces one reconnect and re-sends every pending message with the same frame", () => {
    const socket = fakeSocket();
    const { log, events } = recorder();
    const outbox = new Outbox(socket, events);
    outbox.send("msg_a", "frame-a");
    vi.advanceTimersByTime(1000);
    outbox.send("msg_b", "frame-b");

    vi.advanceTimersByTime(ACK_WAIT_MS - 1000);
    expect(log).toEqual(["shown msg_a"]);
    expect(socket.reconnects).toBe(1);
    expect(outbox.isPending("msg_a")).toBe(true);

    vi.advanceTimersByTime(1000);
    expect(log).toEqual(["shown msg_a", "shown msg_b"]);
    expect(socket.reconnects).toBe(1); // the socket is already reconnecting

    socket.open = true;
    outbox.handleOpen();
    expect(socket.sent).toEqual(["frame-a", "frame-b", "frame-a", "frame-b"]);

    outbox.handleAck(ack("msg_a", 3));
    outbox.handleAck(ack("msg_b", 4, true));
    expect(log.slice(2)).toEqual(["acked msg_a 2025-01-01T00:00:00.000Z 3", "acked msg_b 2025-01-01T00:00:00.000Z 4"]);
    expect(outbox.pendingIds()).toEqual([]);
  });

  it("keeps re-sending until acked, waiting longer each round", () => {
    const socket = fakeSocket();
    const { log, events } = recorder();
    const outbox = new Outbox(socket, events);
    outbox.send("msg_a", "frame-a");
    vi.advanceTimersByTime(ACK_WAIT_MS);
    expect(socket.reconnects).toBe(1);
    socket.open = true;
    outbox.handleOpen();

    vi.advanceTimersByTime(ACK_WAIT_MS);
    expect(socket.reconnects).toBe(1); // the second wait is 10 s
    vi.advanceTimersByTime(ACK_WAIT_MS);
    expect(socket.reconnects).toBe(2);
    expect(log).toEqual(["shown msg_a"]); // shown as sent once
    socket.open = true;
    outbox.handleOpen();
    expect(socket.sent).toEqual(["frame-a", "frame-a", "frame-a"]);
  });

  it("does not force a reconnect when the socket is already closed", () => {
    const socket = fakeSocket(false);
    const { log, events } = recorder();
    const outbox = new Outbox(socket, events);
    outbox.send("msg_a", "frame-a");
    vi.advanceTimersByTime(ACK_WAIT_MS);
    expect(log).toEqual(["shown msg_a"]);
    expect(socket.reconnects).toBe(0);
  });

  it("reports a failed ack with its error, or 'Unknown error'", () => {
    const socket = fakeSocket();
    const { log, events } = recorder();
    const outbox = new Outbox(socket, events);
    outbox.send("msg_a", "frame-a");
    outbox.send("msg_b", "frame-b");
    outbox.handleAck(ack("msg_a", null, false, "The message you replied to was not found"));
    outbox.handleAck(ack("msg_b", null, false, null));
    expect(log).toEqual(["failed msg_a The message you replied to was not found", "failed msg_b Unknown error"]);
    vi.advanceTimersByTime(ACK_WAIT_MS * 2);
    expect(socket.reconnects).toBe(0);
  });

  it("ignores a second ack for a settled message (a duplicate after a re-send)", () => {
    const socket = fakeSocket();
    const { log, events } = recorder();
    const outbox = new Outbox(socket, events);
    outbox.send("msg_a", "frame-a");
    outbox.handleAck(ack("msg_a", 5));
    outbox.handleAck({ ...ack("msg_a", 5), duplicate: true } as ReturnType<typeof ack>);
    expect(log).toHaveLength(1);
  });

  it("treats the room's broadcast of our own message as its ack", () => {
    const socket = fakeSocket();
    const { log, events } = recorder();
    const outbox = new Outbox(socket, events);
    outbox.send("msg_a", "frame-a");
    outbox.handleEcho("msg_a", "2025-01-01T00:00:01.000Z", 8);
    expect(log).toEqual(["acked msg_a 2025-01-01T00:00:01.000Z 8"]);
    outbox.handleAck(ack("msg_a", 8));
    expect(log).toHaveLength(1);
  });

  it("attributes an error frame to the oldest message sent on this connection", () => {
    const socket = fakeSocket();
    const { log, events } = recorder();
    const outbox = new Outbox(socket, events);
    outbox.send("msg_a", "frame-a");
    outbox.send("msg_b", "frame-b");
    expect(outbox.handleError("Message is too long (max 20000 characters)")).toBe("msg_a");
    expect(log).toEqual(["failed msg_a Message is too long (max 20000 characters)"]);
    outbox.handleAck(ack("msg_b", 2));
    expect(outbox.handleError("Malformed JSON frame")).toBeNull();
  });

  it("stops everything on dispose", () => {
    const socket = fakeSocket();
    const { log, events } = recorder();
    const outbox = new Outbox(socket, events);
    outbox.send("msg_a", "frame-a");
    outbox.dispose();
    vi.advanceTimersByTime(ACK_WAIT_MS * 3);
    expect(log).toEqual([]);
    expect(socket.reconnects).toBe(0);
  });
});
