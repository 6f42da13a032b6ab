/**
 * The room's sockets, kept between broadcasts. Asking the platform for every socket on each
 * message builds a fresh list of a thousand sockets in a large room, for a list that only changes
 * when a socket is accepted or closes. It lives in memory only: a room woken from hibernation
 * asks the platform once, so nothing here is a source of truth.
 */
export class SocketList {
  private all: WebSocket[] | null = null;
  private readonly state: DurableObjectState;

  constructor(state: DurableObjectState) {
    this.state = state;
  }

  get(): WebSocket[] {
    return (this.all ??= this.state.getWebSockets());
  }

  /** A socket was accepted or closed: the next broadcast asks the platform again. */
  changed(): void {
    this.all = null;
  }
}
