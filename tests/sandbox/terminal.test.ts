import { afterAll, beforeAll, describe, expect, it } from "vitest";
import net from "node:net";
import WebSocket from "ws";
import { openTerminal, startSandbox, waitFor, type Sandbox, freePort, hostPidsMatching } from "./helpers.ts";

let sb: Sandbox;
const WS_ID = "u3/term-proj";
const W = `/workspaces/${WS_ID}`;
const started: number[] = [];

beforeAll(async () => {
  sb = await startSandbox();
  expect((await sb.api("POST", W, { init: true })).status).toBe(201);
  expect((await sb.api("POST", "/workspaces/u3/other")).status).toBe(201);
});
afterAll(async () => {
  for (const pid of started) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  await sb?.stop();
});

describe("terminal", () => {
  it("refuses an upgrade without the secret or for a missing workspace", async () => {
    const status = (url: string, headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const s = new WebSocket(url, { headers });
        s.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
        s.on("open", () => resolve(101));
        s.on("error", () => resolve(-1));
      });
    const base = sb.base.replace("http", "ws");
    expect(await status(`${base}${W}/terminal`, {})).toBe(401);
    expect(await status(`${base}${W}/terminal`, { authorization: "Bearer wrong-secret-wrong-secret" })).toBe(401);
    expect(await status(`${base}/workspaces/u3/nope/terminal`, { authorization: `Bearer test-secret-0123456789abcdef` })).toBe(404);
  });

  it("runs commands, resizes, rejects bad frames and reports the shell's exit", async () => {
    const t = await openTerminal(sb.base, WS_ID);
    await waitFor(() => t.frames.find((f) => f.type === "status" && f.status === "connected"), "status frame");
    t.send({ type: "init", cols: 100, rows: 30 });
    t.send("not json");
    t.send({ type: "resize", cols: "wide" });
    await waitFor(() => t.frames.filter((f) => f.type === "error").length >= 2, "two error frames");
    expect(t.frames.find((f) => f.type === "error")).toEqual({ type: "error", message: "Invalid message" });

    t.send({ type: "input", data: "echo hello-$((1+1))\r" });
    await waitFor(() => t.output().includes("hello-2"), "hello-2 in the output");

    t.send({ type: "resize", cols: 123, rows: 45 });
    t.send({ type: "input", data: "echo size-$(tput cols)x$(tput lines)\r" });
    await waitFor(() => t.output().includes("size-123x45"), "the new size inside the shell");

    // The host's own settings (its secret above all) never reach the shell.
    t.send({ type: "input", data: 'echo "home=$HOME secret=${SANDBOX_SECRET:-none} term=$TERM"\r' });
    await waitFor(() => /home=(\/workspace|\S*term-proj) secret=none term=xterm-256color/.test(t.output()), "the shell environment");

    t.send({ type: "input", data: "exit 3\r" });
    const exit = await waitFor(() => t.frames.find((f) => f.type === "session_exit"), "session_exit");
    expect(exit.exitCode).toBe(3);
    await t.closed;
    expect((await sb.api("GET", "/health")).json).toEqual({ ok: true, status: "healthy" });
  });

  it("closing the socket ends the shell and its jobs", async () => {
    const t = await openTerminal(sb.base, WS_ID);
    // A marker job: the shell's own pid is the jail's, so the host finds the job by its command line.
    t.send({ type: "input", data: "sleep 31337 & echo started\r" });
    await waitFor(() => t.output().includes("started"), "the job to start");
    await waitFor(async () => (await hostPidsMatching("sleep 31337")).length > 0, "the job on the host");
    t.socket.close();
    await waitFor(async () => (await hostPidsMatching("sleep 31337")).length === 0, "the shell and its job to end");
  });
});

describe("processes", () => {
  it("lists a server started in the terminal and kills it by port", async () => {
    const port = await freePort();
    const t = await openTerminal(sb.base, WS_ID);
    t.send({ type: "input", data: `python3 -m http.server ${port} --bind 127.0.0.1\r` });
    const listed = await waitFor(
      async () => {
        const r = await sb.api("GET", `${W}/processes`);
        return r.json.processes.find((p: any) => p.port === port);
      },
      "the port to be listed",
      20_000,
    );
    started.push(listed.pid);
    expect(listed.pid).toBeGreaterThan(0);
    expect(listed.command).toContain("http.server");
    expect(listed.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(listed.memory_rss_kb).toBeGreaterThan(0);

    // Another workspace neither sees nor kills it.
    expect((await sb.api("GET", "/workspaces/u3/other/processes")).json.processes).toEqual([]);
    expect((await sb.api("POST", "/workspaces/u3/other/processes/kill", { port })).status).toBe(404);
    expect((await sb.api("POST", `${W}/processes/kill`, { port: "80" })).status).toBe(400);

    const killed = await sb.api("POST", `${W}/processes/kill`, { port });
    expect(killed.json.killed_processes).toEqual([{ pid: listed.pid, port }]);
    await waitFor(async () => {
      const r = await sb.api("GET", `${W}/processes`);
      return !r.json.processes.some((p: any) => p.port === port);
    }, "the port to be gone");
    // The port is really free again.
    await new Promise<void>((resolve, reject) => {
      const srv = net
        .createServer()
        .once("error", reject)
        .listen(port, "127.0.0.1", () => srv.close(() => resolve()));
    });
    t.socket.close();
    await t.closed;
  });
});
