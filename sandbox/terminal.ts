// PTY terminals over WebSocket. Each socket owns one bash in a PTY; the frames are the spec's
// terminal messages as JSON. Nothing a client sends, and nothing the shell does, may take the
// host down: every frame is validated and every PTY call is guarded. The shell runs in the
// workspace's jail (jail.ts) with an environment built from nothing of the host's.
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import * as pty from "@lydell/node-pty";
import { WebSocketServer, type RawData, type WebSocket } from "ws";
import * as v from "valibot";
import { HttpError } from "./http.ts";
import { jailMode, workspaceCommand, type Workspace } from "./jail.ts";

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

export function createTerminalServer() {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });

  async function attach(ws: WebSocket, workspace: Workspace): Promise<void> {
    const wsDir = workspace.dir;
    const send = (frame: Record<string, unknown>) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
    };
    // Frames that arrive while the jail is being prepared are kept and replayed in order.
    const early: [RawData, boolean][] = [];
    const keep = (raw: RawData, isBinary: boolean) => void (early.length < 256 && early.push([raw, isBinary]));
    ws.on("message", keep);
    let shell: pty.IPty;
    try {
      // In the jail the uid identifies the workspace's processes; elsewhere the marker does.
      const marker: Record<string, string> = jailMode() === "jail" ? {} : { [WORKSPACE_ENV]: wsDir };
      const cmd = await workspaceCommand(workspace, ["bash"], { interactive: true, env: marker });
      shell = pty.spawn(cmd.file, cmd.args, { name: "xterm-256color", cols: 80, rows: 24, cwd: cmd.cwd, env: cmd.env });
    } catch (err) {
      if (!(err instanceof HttpError)) console.error("[sandbox] pty spawn failed", err);
      send({ type: "error", message: err instanceof HttpError ? err.message : "Failed to initialize terminal" });
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

    const onFrame = (raw: RawData, isBinary: boolean) => {
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
    };
    ws.off("message", keep);
    ws.on("message", onFrame);
    for (const [raw, isBinary] of early) onFrame(raw, isBinary);
    // Closing the socket ends the shell (and, through SIGHUP, its jobs), also if it closed meanwhile.
    ws.on("close", () => {
      if (!exited) safeKill(shell);
    });
    if (ws.readyState !== ws.OPEN) safeKill(shell);
    ws.on("error", (err) => console.error("[sandbox] terminal socket error", err.message));
  }

  return {
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, workspace: Workspace): void {
      wss.handleUpgrade(req, socket, head, (ws) => void attach(ws, workspace));
    },
    close(): void {
      killAllSessions();
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
