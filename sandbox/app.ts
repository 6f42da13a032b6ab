// The HTTP surface: authentication, workspace addressing and the route table.
// Only the Worker talks to this host, with a shared secret; browsers never reach it.
import http from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { createHash, timingSafeEqual } from "node:crypto";
import fs from "node:fs/promises";
import { HttpError, fsErrorStatus, ok, readJson, sendJson } from "./http.ts";
import { workspaceDir } from "./paths.ts";
import type { Ctx } from "./context.ts";
import * as files from "./files.ts";
import * as gitRoutes from "./git.ts";
import { search } from "./search.ts";
import { killPort, processes } from "./processes.ts";
import { createTerminalServer } from "./terminal.ts";
import { download } from "./archive.ts";
import { domains, restart } from "./services.ts";
import { CreateBody, createWorkspace, currentBranch, deleteWorkspace } from "./workspace.ts";
import { list } from "./listing.ts";
import { exec } from "./exec.ts";
import { push } from "./git-push.ts";
import { jailMode, NO_ISOLATION, type Workspace } from "./jail.ts";

export type SandboxConfig = {
  root: string;
  secret: string;
  /** file:// clones, for tests only. */
  allowFileClone?: boolean;
  /** Clones from private/loopback addresses (SANDBOX_ALLOW_PRIVATE_GIT=1; tests with a local git daemon). */
  allowPrivateGit?: boolean;
};

type Route = (ctx: Ctx, config: SandboxConfig) => Promise<void>;
// "METHOD sub-path" under /workspaces/{userId}/{projectId}/
const ROUTES: Record<string, Route> = {
  "GET tree": files.tree,
  "GET list": list,
  "GET file": files.readFile,
  "PUT file": files.writeFile,
  "DELETE file": files.deleteFile,
  "GET raw": files.raw,
  "POST upload": files.upload,
  "GET git/status": gitRoutes.status,
  "GET git/diff": gitRoutes.diff,
  "GET git/commits": gitRoutes.commits,
  "POST git/commit": gitRoutes.commit,
  "POST git/checkout": gitRoutes.checkout,
  "POST git/push": (ctx, config) => push(ctx, { allowFile: !!config.allowFileClone, allowPrivate: !!config.allowPrivateGit }),
  "POST exec": exec,
  "POST search": search,
  "GET processes": processes,
  "POST processes/kill": killPort,
  "GET download": download,
  "GET domains": domains,
  "POST restart": restart,
};

/** Constant-time comparison; hashing first makes the lengths equal so timingSafeEqual applies. */
function authorized(header: string | undefined, secret: string): boolean {
  const m = /^Bearer (.+)$/.exec(header ?? "");
  if (!m) return false;
  const a = createHash("sha256")
    .update(m[1] ?? "")
    .digest();
  const b = createHash("sha256").update(secret).digest();
  return timingSafeEqual(a, b);
}

/** Splits /workspaces/{u}/{p}/rest into its parts; ids are validated by workspaceDir. */
function parseWorkspacePath(pathname: string): { userId: string; projectId: string; rest: string } | null {
  const m = /^\/workspaces\/([^/]+)\/([^/]+)(?:\/(.*?))?\/?$/.exec(pathname);
  if (!m) return null;
  return { userId: decodeURIComponent(m[1] ?? ""), projectId: decodeURIComponent(m[2] ?? ""), rest: m[3] ?? "" };
}

async function workspaceExists(dir: string): Promise<boolean> {
  const st = await fs.stat(dir).catch(() => null);
  return !!st?.isDirectory();
}

export function createSandbox(config: SandboxConfig): http.Server {
  const terminals = createTerminalServer();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!authorized(req.headers.authorization, config.secret)) throw new HttpError(401, "Unauthorized");
    const url = new URL(req.url ?? "/", "http://sandbox.local");
    const method = req.method ?? "GET";
    if (url.pathname === "/health" && method === "GET") return ok(res, { status: "healthy" });
    let parts;
    try {
      parts = parseWorkspacePath(url.pathname);
    } catch {
      throw new HttpError(400, "Invalid path encoding");
    }
    if (!parts) throw new HttpError(404, "Not found");
    const wsDir = workspaceDir(config.root, parts.userId, parts.projectId);
    const ws: Workspace = { root: config.root, dir: wsDir };
    if (parts.rest === "") {
      if (method === "POST") {
        const body = await readJson(req, CreateBody);
        const existed = await createWorkspace(ws, parts.projectId, body, { allowFile: !!config.allowFileClone, allowPrivate: !!config.allowPrivateGit });
        const gitInitialized = !!(await fs.stat(`${wsDir}/.git`).catch(() => null));
        const workspace = { userId: parts.userId, projectId: parts.projectId, gitInitialized, branch: await currentBranch(ws) };
        return ok(res, { workspace }, existed ? 200 : 201);
      }
      if (method === "GET") {
        if (!(await workspaceExists(wsDir))) throw new HttpError(404, "Workspace not found");
        return ok(res, { workspace: { userId: parts.userId, projectId: parts.projectId } });
      }
      if (method === "DELETE") {
        await deleteWorkspace(ws);
        return ok(res, { deleted: true });
      }
      throw new HttpError(405, "Method not allowed");
    }
    const route = ROUTES[`${method} ${parts.rest}`];
    if (!route) {
      const known = Object.keys(ROUTES).some((k) => k.endsWith(` ${parts.rest}`));
      throw new HttpError(known ? 405 : 404, known ? "Method not allowed" : "Not found");
    }
    if (!(await workspaceExists(wsDir))) throw new HttpError(404, "Workspace not found");
    await route({ req, res, url, wsDir, ws, userId: parts.userId, projectId: parts.projectId }, config);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const known = err instanceof HttpError ? err : fsErrorStatus(err);
      if (!known) console.error("[sandbox] request failed", req.method, req.url, err);
      sendJson(res, known?.status ?? 500, { ok: false, error: known?.message ?? "Internal error" });
      // Drain whatever the client is still sending so the answer reaches it.
      req.resume();
    });
  });

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refuse = (status: number, message: string) => {
      const body = JSON.stringify({ ok: false, error: message });
      socket.end(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    };
    socket.on("error", () => socket.destroy());
    void (async () => {
      if (!authorized(req.headers.authorization, config.secret)) return refuse(401, "Unauthorized");
      const url = new URL(req.url ?? "/", "http://sandbox.local");
      const parts = parseWorkspacePath(url.pathname);
      if (!parts || parts.rest !== "terminal") return refuse(404, "Not found");
      const wsDir = workspaceDir(config.root, parts.userId, parts.projectId);
      if (!(await workspaceExists(wsDir))) return refuse(404, "Workspace not found");
      if (jailMode() === "refused") return refuse(503, NO_ISOLATION);
      terminals.handleUpgrade(req, socket, head, { root: config.root, dir: wsDir });
    })().catch((err: unknown) => {
      if (err instanceof HttpError) return refuse(err.status, err.message);
      console.error("[sandbox] upgrade failed", err);
      refuse(500, "Internal error");
    });
  });

  server.on("close", () => terminals.close());
  return server;
}
