import type { TerminalServerFrame } from "../../contract";
import type { Env } from "../env";
import { sandboxBase } from "../lib/sandbox-client";
import { hostPath, type WorkspaceRef } from "./host";

export const NO_SANDBOX = "No available sandbox for this project";
const CONNECT_TIMEOUT_MS = 10_000;

/** Close codes a script may send; 1005/1006 only describe what happened and are replaced. */
function sendableCode(code: number): number {
  return code === 1000 || (code >= 3000 && code <= 4999) ? code : 1011;
}

function closeQuietly(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(sendableCode(code), reason.slice(0, 120));
  } catch {
    // already closed
  }
}

/** Opens the workspace's terminal on the host (not yet accepted), or null when the host cannot give one. */
async function connectHost(env: Env, ref: WorkspaceRef): Promise<WebSocket | null> {
  // Only the handshake is bounded; the socket itself lives as long as both sides want it.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CONNECT_TIMEOUT_MS);
  try {
    const { url, secret } = sandboxBase(env);
    const res = await fetch(`${url}${hostPath(ref, "terminal")}`, {
      headers: { upgrade: "websocket", authorization: `Bearer ${secret}` },
      signal: controller.signal,
    });
    if (!res.webSocket) {
      await res.body?.cancel();
      return null;
    }
    return res.webSocket;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The browser's terminal socket, piped frame by frame to the host's PTY socket (the browser never
 * learns the host's address or secret). Either side closing closes the other; when the host has
 * no terminal for the project the browser gets the spec's error frame and a close.
 */
export async function proxyTerminal(env: Env, ref: WorkspaceRef): Promise<Response> {
  const host = await connectHost(env, ref);
  const pair = new WebSocketPair();
  const [browser, server] = [pair[0], pair[1]];
  server.accept();
  if (!host) {
    const frame: TerminalServerFrame = { type: "error", message: NO_SANDBOX };
    server.send(JSON.stringify(frame));
    closeQuietly(server, 1011, NO_SANDBOX);
    return new Response(null, { status: 101, webSocket: browser });
  }
  // Listeners first, then accept, in one turn: nothing the shell prints first can be missed.
  server.addEventListener("message", (e) => {
    try {
      host.send(e.data);
    } catch {
      closeQuietly(server, 1011, "terminal closed");
    }
  });
  host.addEventListener("message", (e) => {
    try {
      server.send(e.data);
    } catch {
      closeQuietly(host, 1000, "browser gone");
    }
  });
  server.addEventListener("close", (e) => closeQuietly(host, e.code, e.reason));
  host.addEventListener("close", (e) => closeQuietly(server, e.code, e.reason));
  server.addEventListener("error", () => closeQuietly(host, 1011, "browser socket error"));
  host.addEventListener("error", () => closeQuietly(server, 1011, "terminal socket error"));
  host.accept();
  return new Response(null, { status: 101, webSocket: browser });
}
