// PTY terminals over WebSocket. Each socket owns one bash in a PTY; the frames are the spec's
// terminal messages as JSON. Nothing a client sends, and nothing the shell does, may take the
// host down: every frame is validated and every PTY call is guarded.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import * as pty from "@lydell/node-pty";
import { WebSocketServer, type WebSocket } from "ws";
import * as v from "valibot";

/** Environment marker that ties processes to their workspace even after their shell is gone. */
export const WORKSPACE_ENV = "SANDBOX_WORKSPACE";

// Live shells by workspace directory; used to find the processes a workspace started.
const sessions = new Map<string, Set<pty.IPty>>();

export function shellPids(wsDir: string): Set<number> {
  return new Set([...(sessions.get(wsDir) ?? [])].map((p) => p.pid));
}

/** Ends every live shell of one workspace (SIGHUP through the PTY); returns their pids. */
export function endSessions(wsDir: string): number[] {
  const shells = [...(sessions.get(wsDir) ?? [])];
  for (const p of shells) safeKill(p);
  return shells.map((p) => p.pid);
}

export function killAllSessions(): void {
  for (const set of sessions.values()) for (const p of set) safeKill(p);
}

function safeKill(p: pty.IPty): void {
  try {
    p.kill();
  } catch {
    // already gone
  }
}

const Size = { cols: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)), rows: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(1000)) };
const ClientFrame = v.variant("type", [
  v.object({ type: v.literal("input"), data: v.pipe(v.string(), v.maxLength(64 * 1024)) }),
  v.object({ type: v.literal("resize"), ...Size }),
  v.object({ type: v.literal("init"), ...Size }),
  v.object({ type: v.literal("ping") }),
]);

/** The shell's environment: the host's, minus its own SANDBOX_* settings (the secret!). */
function shellEnv(wsDir: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, val] of Object.entries(process.env)) {
    if (val !== undefined && !k.startsWith("SANDBOX_")) env[k] = val;
  }
  return { ...env, TERM: "xterm-256color", COLORTERM: "truecolor", HOME: wsDir, [WORKSPACE_ENV]: wsDir };
}

export function createTerminalServer() {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });

  function attach(ws: WebSocket, wsDir: string): void {
    const send = (frame: Record<string, unknown>) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    };
    let shell: pty.IPty;
    try {
      shell = pty.spawn("bash", [], { name: "xterm-256color", cols: 80, rows: 24, cwd: wsDir, env: shellEnv(wsDir) });
    } catch (err) {
      console.error("[sandbox] pty spawn failed", err);
      send({ type: "error", message: "Failed to initialize terminal" });
      ws.close(1011, "spawn failed");
      return;
    }
    let set = sessions.get(wsDir);
    if (!set) sessions.set(wsDir, (set = new Set()));
    set.add(shell);
    let exited = false;

    shell.onData((data) => send({ type: "output", data }));
    shell.onExit(({ exitCode }) => {
      exited = true;
      set.delete(shell);
      if (set.size === 0) sessions.delete(wsDir);
      send({ type: "session_exit", exitCode, message: "Session ended", can_reconnect: true });
      ws.close(1000, "session exit");
    });
    send({ type: "status", status: "connected" });

    ws.on("message", (raw, isBinary) => {
      let frame: v.InferOutput<typeof ClientFrame>;
      try {
        const parsed = v.safeParse(ClientFrame, JSON.parse(isBinary ? "" : String(raw)));
        if (!parsed.success) throw new Error("shape");
        frame = parsed.output;
      } catch {
        send({ type: "error", message: "Invalid message" });
        return;
      }
      if (exited) return;
      try {
        if (frame.type === "input") shell.write(frame.data);
        else if (frame.type === "resize" || frame.type === "init") {
          shell.resize(frame.cols, frame.rows);
          send({ type: "status", status: "resized", cols: frame.cols, rows: frame.rows });
        } else send({ type: "status", status: "pong" });
      } catch (err) {
        send({ type: "error", message: `Terminal error: ${(err as Error).message}` });
      }
    });
    // Closing the socket ends the shell (and, through SIGHUP, its jobs).
    ws.on("close", () => {
      if (!exited) safeKill(shell);
    });
    ws.on("error", (err) => console.error("[sandbox] terminal socket error", err.message));
  }

  return {
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, wsDir: string): void {
      wss.handleUpgrade(req, socket, head, (ws) => attach(ws, wsDir));
    },
    close(): void {
      killAllSessions();
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
