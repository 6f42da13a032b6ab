import type { ServerFrame } from "../../../contract";
import { encodeFrame } from "../../../contract";

/** What a socket carries through hibernation: who is on the other end. */
export interface SocketIdentity {
  userId: string;
  name: string;
  image: string | null;
}

export function identityOf(ws: WebSocket): SocketIdentity | null {
  return (ws.deserializeAttachment() as SocketIdentity | null) ?? null;
}

export function sendFrame(ws: WebSocket, frame: ServerFrame): void {
  try {
    ws.send(encodeFrame(frame));
  } catch {
    // The socket closed between our look-up and the send; its client will reconnect and replay.
  }
}
