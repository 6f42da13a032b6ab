import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { TerminalServerFrame } from "../../../contract/workspace";
import {
  SOCKET_ERROR,
  TerminalConnection,
  terminalSocketUrl,
  WAITING_RETRY_MS,
  type TerminalEvents,
  type TerminalSocket,
  type TerminalState,
} from "../../../web/features/workspace/terminal/connection";

class FakeSocket implements TerminalSocket {
  readyState = 0;
  sent: unknown[] = [];
  closed: { code?: number; reason?: string } | null = null;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number, reason?: string) {
    this.closed = { code, reason };
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  frame(frame: TerminalServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
  serverClose(reason = "") {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason } as CloseEvent);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const states: [TerminalState, string | null][] = [];
  const events: TerminalEvents = {
    state: (state, error) => states.push([state, error]),
    output: vi.fn(),
    exit: vi.fn(),
    notice: vi.fn(),
  };
  const connection = new TerminalConnection(
    {
      url: () => "ws://host/api/coding-projects/p1/terminal?token=t",
      size: () => ({ cols: 120, rows: 30 }),
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
    },
    events,
  );
  const last = () => sockets[sockets.length - 1]!;
  return { connection, sockets, states, events, last };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("terminal connection (spec 03 §4 Terminal connection)", () => {
  it("connects, sends init with the terminal size, and becomes connected", () => {
    const { connection, last, states } = setup();
    connection.connect();
    expect(connection.state).toBe("connecting");
    last().open();
    expect(last().sent).toEqual([{ type: "init", cols: 120, rows: 30 }]);
    last().frame({ type: "status", status: "connected" });
    expect(connection.state).toBe("connected");
    expect(states.map(([s]) => s)).toEqual(["connecting", "connected"]);
  });

  it("sends input and resize only while connected", () => {
    const { connection, last } = setup();
    connection.connect();
    last().open();
    connection.input("ls\r");
    connection.resize(100, 40);
    last().frame({ type: "status", status: "connected" });
    connection.input("ls\r");
    connection.resize(100, 40);
    connection.resize(0, 40);
    expect(last().sent).toEqual([
      { type: "init", cols: 120, rows: 30 },
      { type: "input", data: "ls\r" },
      { type: "resize", cols: 100, rows: 40 },
    ]);
  });

  it("hands output frames to the screen", () => {
    const { connection, last, events } = setup();
    connection.connect();
    last().open();
    last().frame({ type: "output", data: "hello\r\n" });
    expect(events.output).toHaveBeenCalledWith("hello\r\n");
  });

  it("waits for the sandbox and retries every 2 s until it is connected", () => {
    const { connection, sockets, last, states } = setup();
    connection.connect();
    last().open();
    last().frame({ type: "status", status: "waiting-sandbox" });
    expect(connection.state).toBe("waiting-sandbox");
    last().serverClose();
    expect(connection.state).toBe("waiting-sandbox");
    vi.advanceTimersByTime(WAITING_RETRY_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // Still waiting: the retry does not flicker through "connecting".
    expect(connection.state).toBe("waiting-sandbox");
    last().open();
    last().frame({ type: "status", status: "waiting-sandbox" });
    vi.advanceTimersByTime(WAITING_RETRY_MS);
    expect(sockets).toHaveLength(3);
    expect(sockets[1]!.closed).not.toBeNull();
    last().open();
    last().frame({ type: "status", status: "connected" });
    vi.advanceTimersByTime(WAITING_RETRY_MS * 3);
    expect(sockets).toHaveLength(3);
    expect(connection.state).toBe("connected");
    expect(states.map(([s]) => s)).toEqual(["connecting", "waiting-sandbox", "connected"]);
  });

  it("an error frame before the session starts is an error state with the server's text", () => {
    const { connection, last } = setup();
    connection.connect();
    last().open();
    last().frame({ type: "error", message: "VM is stopped. Terminal is temporarily unavailable." });
    expect(connection.state).toBe("error");
    expect(connection.error).toBe("VM is stopped. Terminal is temporarily unavailable.");
    last().serverClose();
    expect(connection.error).toBe("VM is stopped. Terminal is temporarily unavailable.");
  });

  it("an error frame during a live session is only a notice", () => {
    const { connection, last, events } = setup();
    connection.connect();
    last().open();
    last().frame({ type: "status", status: "connected" });
    last().frame({ type: "error", message: "Invalid message" });
    expect(connection.state).toBe("connected");
    expect(events.notice).toHaveBeenCalledWith("Invalid message");
  });

  it("a dropped socket is a 'WebSocket connection error', and Reconnect opens a new one", () => {
    const { connection, last, sockets } = setup();
    connection.connect();
    last().open();
    last().frame({ type: "status", status: "connected" });
    last().serverClose();
    expect(connection.state).toBe("error");
    expect(connection.error).toBe(SOCKET_ERROR);
    connection.connect();
    expect(sockets).toHaveLength(2);
    expect(connection.state).toBe("connecting");
    expect(connection.error).toBeNull();
  });

  it("uses the close reason when the server gives one", () => {
    const { connection, last } = setup();
    connection.connect();
    last().serverClose("No available sandbox for this project");
    expect(connection.error).toBe("No available sandbox for this project");
  });

  it("after session_exit with can_reconnect, Enter reconnects and other keys do nothing", () => {
    const { connection, last, sockets, events } = setup();
    connection.connect();
    last().open();
    last().frame({ type: "status", status: "connected" });
    last().frame({ type: "session_exit", exitCode: 0, message: "Session ended", can_reconnect: true });
    expect(connection.state).toBe("disconnected");
    expect(events.exit).toHaveBeenCalledWith("Session ended", true);
    expect(sockets[0]!.closed).not.toBeNull();
    connection.input("x");
    expect(sockets).toHaveLength(1);
    connection.input("\r");
    expect(sockets).toHaveLength(2);
    expect(connection.state).toBe("connecting");
  });

  it("after session_exit without can_reconnect, Enter does nothing", () => {
    const { connection, last, sockets } = setup();
    connection.connect();
    last().open();
    last().frame({ type: "session_exit", exitCode: 1, message: "bye", can_reconnect: false });
    connection.input("\r");
    expect(sockets).toHaveLength(1);
    expect(connection.state).toBe("disconnected");
  });

  it("dispose closes the socket and cancels a pending retry", () => {
    const { connection, last, sockets, states } = setup();
    connection.connect();
    last().open();
    last().frame({ type: "status", status: "waiting-sandbox" });
    connection.dispose();
    expect(sockets[0]!.closed).toEqual({ code: 1000, reason: "client closed" });
    vi.advanceTimersByTime(WAITING_RETRY_MS * 2);
    expect(sockets).toHaveLength(1);
    connection.connect();
    expect(sockets).toHaveLength(1);
    expect(states.at(-1)?.[0]).toBe("waiting-sandbox");
  });

  it("ignores frames that are not JSON", () => {
    const { connection, last } = setup();
    connection.connect();
    last().open();
    last().onmessage?.({ data: "not json" } as MessageEvent);
    expect(connection.state).toBe("connecting");
  });

  it("builds the socket URL with the session token", () => {
    expect(terminalSocketUrl({ protocol: "https:", host: "chat.example.com" }, "p 1", "a+b")).toBe(
      "wss://chat.example.com/api/coding-projects/p%201/terminal?token=a%2Bb",
    );
    expect(terminalSocketUrl({ protocol: "http:", host: "localhost:8787" }, "p1", null)).toBe("ws://localhost:8787/api/coding-projects/p1/terminal");
  });
});
