// One terminal session over the Worker's WebSocket (spec 03 §3 "Terminal messages", §4
// "Terminal connection"). Free of React and of the DOM so the state machine is unit-tested.
import type { TerminalClientFrame, TerminalServerFrame } from "../../../../contract/workspace";
import { socketUrl } from "../../../app/api/socketUrl";

export type TerminalState = "disconnected" | "connecting" | "waiting-sandbox" | "connected" | "error";

/** Spec 03 §9: while the sandbox starts, the connection is retried every 2 s. */
export const WAITING_RETRY_MS = 2000;
/** The error text when the socket fails without saying why (spec 03 §8 Terminal). */
export const SOCKET_ERROR = "WebSocket connection error";

const OPEN = 1;

/** The part of a browser WebSocket the connection uses (a fake in tests). */
export interface TerminalSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface TerminalEvents {
  state(state: TerminalState, error: string | null): void;
  output(data: string): void;
  /** The shell ended; with `canReconnect` Enter starts a new one. */
  exit(message: string, canReconnect: boolean): void;
  /** An error frame during a live session: shown in the terminal, the session goes on. */
  notice(message: string): void;
}

export interface ConnectionOptions {
  url(): string;
  /** The terminal's size, sent with `init` when a socket opens. */
  size(): { cols: number; rows: number };
  createSocket?(url: string): TerminalSocket;
}

/** `ws(s)://host/api/coding-projects/{id}/terminal?token=…`; the token because browsers cannot set headers. */
export function terminalSocketUrl(location: { protocol: string; host: string }, projectId: string, token: string | null): string {
  return socketUrl(location, `/api/coding-projects/${encodeURIComponent(projectId)}/terminal`, { token });
}

export class TerminalConnection {
  state: TerminalState = "disconnected";
  error: string | null = null;
  /** After a session_exit that allows it, Enter reconnects. */
  reconnectOnEnter = false;
  private socket: TerminalSocket | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(
    private readonly options: ConnectionOptions,
    private readonly events: TerminalEvents,
  ) {}

  private setState(state: TerminalState, error: string | null = null): void {
    this.state = state;
    this.error = error;
    this.events.state(state, error);
  }

  connect(): void {
    this.open("connecting");
  }

  /** A retry while the sandbox starts stays in waiting-sandbox, so the message does not flicker. */
  private open(state: "connecting" | "waiting-sandbox"): void {
    if (this.disposed) return;
    this.clearRetry();
    this.drop();
    this.reconnectOnEnter = false;
    if (this.state !== state) this.setState(state);
    let socket: TerminalSocket;
    try {
      const create = this.options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as TerminalSocket);
      socket = create(this.options.url());
    } catch {
      this.setState("error", SOCKET_ERROR);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket === socket) this.send({ type: "init", ...this.options.size() });
    };
    socket.onmessage = (event) => {
      if (this.socket === socket && typeof event.data === "string") this.receive(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.state === "waiting-sandbox") this.scheduleRetry();
      else if (this.state !== "error") this.setState("error", event.reason || SOCKET_ERROR);
    };
    socket.onerror = () => {
      // The close event that follows decides the state.
    };
  }

  /** Keystrokes from the terminal. */
  input(data: string): void {
    if (this.reconnectOnEnter && this.state === "disconnected") {
      if (data.includes("\r") || data.includes("\n")) this.connect();
      return;
    }
    if (this.state === "connected") this.send({ type: "input", data });
  }

  resize(cols: number, rows: number): void {
    if (this.state === "connected" && cols > 0 && rows > 0) this.send({ type: "resize", cols, rows });
  }

  dispose(): void {
    this.disposed = true;
    this.clearRetry();
    this.drop();
  }

  private receive(raw: string): void {
    let frame: TerminalServerFrame;
    try {
      frame = JSON.parse(raw) as TerminalServerFrame;
    } catch {
      return;
    }
    if (!frame || typeof frame !== "object") return;
    switch (frame.type) {
      case "output":
        if (typeof frame.data === "string") this.events.output(frame.data);
        return;
      case "status":
        if (frame.status === "connected") {
          this.clearRetry();
          this.setState("connected");
        } else if (frame.status === "waiting-sandbox") {
          if (this.state !== "waiting-sandbox") this.setState("waiting-sandbox");
          this.scheduleRetry();
        }
        return;
      case "session_exit":
        this.drop();
        this.reconnectOnEnter = frame.can_reconnect === true;
        this.setState("disconnected");
        this.events.exit(typeof frame.message === "string" ? frame.message : "", this.reconnectOnEnter);
        return;
      case "error": {
        const message = typeof frame.message === "string" && frame.message ? frame.message : SOCKET_ERROR;
        if (this.state === "connected") this.events.notice(message);
        else {
          this.clearRetry();
          this.setState("error", message);
        }
        return;
      }
      default:
        return;
    }
  }

  private send(frame: TerminalClientFrame): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private scheduleRetry(): void {
    if (this.retry || this.disposed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.state === "waiting-sandbox") this.open("waiting-sandbox");
    }, WAITING_RETRY_MS);
  }

  private clearRetry(): void {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
  }

  /** Detaches and closes the current socket without reporting its close. */
  private drop(): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close(1000, "client closed");
    } catch {
      // Closing a socket that never opened can throw in some browsers.
    }
  }
}
