import type { ServerFrame } from "../../../contract";
import { encodeFrame } from "../../../contract";

/** What a socket carries through hibernation: who is on the other end, and how its client takes messages. */
export interface SocketIdentity {
  userId: string;
  name: string;
  image: string | null;
  /**
   * Its client asked for `messages` frames (`?frames=batch`). Read with the identity, so the fan-out
   * splits its sockets with one call to the platform. A socket accepted before this field existed
   * takes `message` frames, which every client reads (and a deploy closes every socket anyway).
   */
  batch?: boolean;
}

/**
 * Identities already read, per socket object. A CPU profile of a busy room put reading the
 * attachment (a V8 deserialization per frame) at about 2% of the room's time, and the attachment
 * never changes: connect writes it once, before the socket can send a frame. A socket woken from
 * hibernation is a new object and reads it again, so nothing here outlives what the platform
 * keeps. Shared: callers never change it.
 */
const identities = new WeakMap<WebSocket, SocketIdentity>();

export function identityOf(ws: WebSocket): SocketIdentity | null {
  const known = identities.get(ws);
  if (known) return known;
  const identity = (ws.deserializeAttachment() as SocketIdentity | null) ?? null;
  if (identity) identities.set(ws, identity);
  return identity;
}

/** Whether this socket's client takes `messages` frames. */
export function takesBatches(ws: WebSocket): boolean {
  return identityOf(ws)?.batch === true;
}

export function sendFrame(ws: WebSocket, frame: ServerFrame): void {
  try {
    ws.send(encodeFrame(frame));
  } catch {
    // The socket closed between our look-up and the send; its client will reconnect and replay.
  }
}
