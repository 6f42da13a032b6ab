// Entry point: `node sandbox/server.ts`. Reads the configuration from the environment,
// refuses to start without a real secret, and shuts terminals down cleanly on SIGTERM.
import path from "node:path";
import fs from "node:fs/promises";
import { createSandbox } from "./app.ts";
import { killAllSessions } from "./terminal.ts";
import { jailMode, NO_ISOLATION } from "./jail.ts";

const secret = process.env.SANDBOX_SECRET ?? "";
if (secret.length < 16) {
  console.error("[sandbox] SANDBOX_SECRET must be set to at least 16 characters; refusing to start");
  process.exit(1);
}
const host = process.env.SANDBOX_HOST || "127.0.0.1";
const port = Number(process.env.SANDBOX_PORT ?? 8788);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error("[sandbox] SANDBOX_PORT must be a port number");
  process.exit(1);
}
const root = path.resolve(process.env.SANDBOX_ROOT || ".sandbox-data/workspaces");
await fs.mkdir(root, { recursive: true });
// Workspace paths are compared with realpaths, so the root is resolved through symlinks once.
const realRoot = await fs.realpath(root);

// file:// clones read the host's own disk, so only test runs turn them on.
const server = createSandbox({
  root: realRoot,
  secret,
  allowFileClone: process.env.SANDBOX_ALLOW_FILE_CLONE === "1",
  allowPrivateGit: process.env.SANDBOX_ALLOW_PRIVATE_GIT === "1",
});
const isolation = jailMode();
if (isolation === "refused")
  console.error(`[sandbox] ${NO_ISOLATION}; terminals and commands are refused (SANDBOX_ALLOW_UNISOLATED=1 allows them without isolation)`);

// A bug in one request must not take down every workspace's terminals: log and keep serving.
process.on("uncaughtException", (err) => console.error("[sandbox] uncaught exception", err));
process.on("unhandledRejection", (err) => console.error("[sandbox] unhandled rejection", err));

server.listen(port, host, () => {
  const addr = server.address();
  const actual = typeof addr === "object" && addr ? addr.port : port;
  // One JSON line so a supervisor (or the tests, with SANDBOX_PORT=0) can read the real port.
  console.log(JSON.stringify({ event: "listening", host, port: actual, root: realRoot, isolation }));
});

function shutdown(): void {
  killAllSessions(); // upgraded sockets are not tracked by server.close, the shells are ended here
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
