/** Closes a socket that may already be closing; a second close throws, and is of no interest. */
export function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // already closing or closed
  }
}

/**
 * Answers the client's close with the same code (1005 "no code" and 1006 "dropped" may not be sent
 * back, so those get a normal 1000), completing the closing handshake.
 */
export function echoClose(ws: WebSocket, code: number, reason: string): void {
  closeQuietly(ws, code === 1005 || code === 1006 ? 1000 : code, reason);
}
