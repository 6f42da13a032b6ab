// Entry point: `node speech/server.ts`. The local speech provider (speech to text, text to speech,
// transcoding) beside the sandbox host, reading its settings from the environment.
import os from "node:os";
import fs from "node:fs/promises";
import { createSpeechServer } from "./app.ts";
import { configFromEnv } from "./config.ts";
import { speechJailMode } from "./jail.ts";
import { removeLiveDirs } from "./context.ts";
import { missingSpeechTools, missingToolsMessage } from "./tools.ts";

let config;
try {
  config = configFromEnv(os.tmpdir());
} catch (err) {
  console.error(`[speech] ${(err as Error).message}`);
  process.exit(1);
}
const host = process.env.SPEECH_HOST || "127.0.0.1";
const port = Number(process.env.SPEECH_PORT ?? 8789);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error("[speech] SPEECH_PORT must be a port number");
  process.exit(1);
}
const missing = missingSpeechTools(process.env.PATH, config.modelDir);
if (missing.length) {
  console.error(`[speech] ${missingToolsMessage(missing)}`);
  process.exit(1);
}
// Off loopback anyone who reaches the port could use it: a key is then required.
if (!config.apiKey && host !== "127.0.0.1" && host !== "localhost" && host !== "::1") {
  console.error(`[speech] SPEECH_API_KEY must be set to listen on ${host}; refusing to start`);
  process.exit(1);
}
await fs.mkdir(config.tmpDir, { recursive: true });

// A bug in one request must not take the service down: log and keep serving.
process.on("uncaughtException", (err) => console.error("[speech] uncaught exception", err));
process.on("unhandledRejection", (err) => console.error("[speech] unhandled rejection", err));

const server = createSpeechServer(config);
// Slow uploads may not hold a place for ever.
server.requestTimeout = 15 * 60_000;
server.headersTimeout = 30_000;
server.listen(port, host, () => {
  const addr = server.address();
  const actual = typeof addr === "object" && addr ? addr.port : port;
  // One JSON line so a supervisor (or the tests, with SPEECH_PORT=0) can read the real port.
  console.log(JSON.stringify({ event: "listening", service: "speech", host, port: actual, isolation: speechJailMode() }));
});

function shutdown(): void {
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on("exit", removeLiveDirs);
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
