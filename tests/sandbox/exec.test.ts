// POST …/exec: one shell command run to its end in the workspace, as the coding agent uses it.
// The same behaviour is checked on a jailed host (bubblewrap, the workspace's own uid) and on an
// unisolated one (root without bubblewrap, SANDBOX_ALLOW_UNISOLATED=1), which takes the path of
// direct mode: process groups and environment markers instead of a pid namespace.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import path from "node:path";
import { freePort, hostPidsMatching, SECRET, startSandbox, waitFor, type Sandbox } from "./helpers.ts";

const LEAK = "sk-provider-key-that-must-not-leak";
let jailed: Sandbox;
let direct: Sandbox;

beforeAll(async () => {
  [jailed, direct] = await Promise.all([
    startSandbox({ ANTHROPIC_API_KEY: LEAK }),
    startSandbox({ ANTHROPIC_API_KEY: LEAK, SANDBOX_BWRAP: "/nonexistent/bwrap", SANDBOX_ALLOW_UNISOLATED: "1" }),
  ]);
  for (const sb of [jailed, direct]) expect((await sb.api("POST", "/workspaces/ex-u1/proj", { init: true })).status).toBe(201);
}, 30_000);
afterAll(async () => {
  await Promise.all([jailed?.stop(), direct?.stop()]);
});

const W = "/workspaces/ex-u1/proj";
const hosts = () =>
  [
    ["jailed", jailed],
    ["unisolated", direct],
  ] as const;

describe.each(["jailed", "unisolated"] as const)("exec on a %s host", (mode) => {
  const sb = () => hosts().find(([m]) => m === mode)![1];
  const run = (body: Record<string, unknown>) => sb().api("POST", `${W}/exec`, body);

  it("answers the output and exit code of the command", async () => {
    const r = await run({ command: "echo out; echo err >&2; exit 3" });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ ok: true, exitCode: 3, stdout: "out\n", stderr: "err\n", timedOut: false, truncated: false });
    expect(r.json.durationMs).toBeGreaterThanOrEqual(0);
    expect((await run({ command: "true" })).json.exitCode).toBe(0);
    expect((await run({ command: "no-such-command-here" })).json).toMatchObject({ exitCode: 127, stderr: expect.stringContaining("not found") });
  });

  it("runs in the workspace: files it writes are the workspace's, files of the workspace are there", async () => {
    await sb().api("PUT", `${W}/file`, { path: "src/from-api.txt", content: "from the api\n" });
    const r = await run({ command: "cat src/from-api.txt && echo made > by-exec.txt && ls" });
    expect(r.json.exitCode).toBe(0);
    expect(r.json.stdout).toContain("from the api\n");
    expect(r.json.stdout).toContain("README.md");
    expect((await sb().api("GET", `${W}/file?path=by-exec.txt`)).json.content).toBe("made\n");
  });

  it("never sees the host's environment: no secret, no provider key, no terminal; CI=1 and no git prompts", async () => {
    const r = await run({ command: "env" });
    expect(r.json.stdout).not.toContain("SANDBOX_SECRET");
    expect(r.json.stdout).not.toContain(SECRET);
    expect(r.json.stdout).not.toContain(LEAK);
    expect(r.json.stdout).toMatch(/^CI=1$/m);
    expect(r.json.stdout).toMatch(/^GIT_TERMINAL_PROMPT=0$/m);
    expect(r.json.stdout).not.toMatch(/^TERM=/m);
  });

  it("gives the command an empty stdin, so a command reading it does not wait", async () => {
    const r = await run({ command: "cat; read -r line || echo 'no input'", timeoutMs: 20_000 });
    expect(r.json).toMatchObject({ exitCode: 0, stdout: "no input\n", timedOut: false });
  });

  it("kills a command at its time limit, with everything it started, and answers exit code 124", async () => {
    const tag = mode === "jailed" ? "47.101" : "47.202";
    const r = await run({ command: `echo started; (setsid sleep ${tag} > /dev/null 2>&1 &); sleep ${tag}`, timeoutMs: 1000 });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ exitCode: 124, timedOut: true, stdout: "started\n" });
    await waitFor(async () => (await hostPidsMatching(`sleep ${tag}`)).length === 0, "the command's processes to end", 5000);
  });

  it("ends what a finished command left running in the background", async () => {
    const tag = mode === "jailed" ? "48.101" : "48.202";
    const r = await run({ command: `(setsid sleep ${tag} > /dev/null 2>&1 &); nohup sleep ${tag} > /dev/null 2>&1 & echo done` });
    expect(r.json).toMatchObject({ exitCode: 0, stdout: "done\n", timedOut: false });
    await waitFor(async () => (await hostPidsMatching(`sleep ${tag}`)).length === 0, "the background processes to end", 5000);
  });

  it("keeps the start and the end of long output with a note of what was left out", async () => {
    const r = await run({ command: "printf START; head -c 200000 /dev/zero | tr '\\0' x; printf END; echo small >&2", maxOutputChars: 1000 });
    expect(r.json.truncated).toBe(true);
    const out = r.json.stdout as string;
    // 200,008 characters: the first 400 and the last 600 are kept.
    expect(out.startsWith(`START${"x".repeat(395)}\n[… 199008 characters omitted …]\n`)).toBe(true);
    expect(out.endsWith(`${"x".repeat(597)}END`)).toBe(true);
    expect(r.json.stderr).toBe("small\n");
    const exact = await run({ command: "head -c 1000 /dev/zero | tr '\\0' y", maxOutputChars: 1000 });
    expect(exact.json).toMatchObject({ truncated: false, stdout: "y".repeat(1000) });
  });

  it("counts a command's processes as the workspace's, and restart ends them", async () => {
    const port = await freePort();
    const pending = run({ command: `exec python3 -m http.server ${port} --bind 127.0.0.1`, timeoutMs: 60_000 });
    const listed = await waitFor(
      async () => ((await sb().api("GET", `${W}/processes`)).json.processes as any[]).find((p) => p.port === port),
      `port ${port} in the workspace's processes`,
      20_000,
    );
    expect(listed.command).toContain("http.server");
    const restarted = await sb().api("POST", `${W}/restart`);
    expect(restarted.json.killed_processes.map((p: any) => p.pid)).toContain(listed.pid);
    const r = await pending;
    expect(r.json.timedOut).toBe(false);
    expect(r.json.exitCode).not.toBe(0);
    expect((await sb().api("GET", `${W}/processes`)).json.processes).toEqual([]);
  });
});

describe("exec input", () => {
  it("refuses an empty or too long command and limits outside their ranges", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ command: "" }, "Invalid body at command: command is required"],
      [{ command: "x".repeat(10_001) }, "Invalid body at command: command is longer than 10000 characters"],
      [{ command: "true", timeoutMs: 999 }, "Invalid body at timeoutMs"],
      [{ command: "true", timeoutMs: 600_001 }, "Invalid body at timeoutMs"],
      [{ command: "true", maxOutputChars: 999 }, "Invalid body at maxOutputChars"],
      [{ command: "true", maxOutputChars: 1_000_001 }, "Invalid body at maxOutputChars"],
      [{}, "Invalid body at command"],
    ];
    for (const [body, error] of cases) {
      const r = await jailed.api("POST", `${W}/exec`, body);
      expect(r.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(r.json.error).toContain(error);
    }
    expect((await jailed.api("POST", "/workspaces/ex-u1/missing/exec", { command: "true" })).status).toBe(404);
  });
});

describe("exec in the jail", () => {
  it("cannot write outside the workspace", async () => {
    if (!jailed.logs().includes('"isolation":"jail"')) return; // no bubblewrap on this machine
    const hostFile = path.join(jailed.root, "escaped-by-exec");
    const r = await jailed.api("POST", `${W}/exec`, {
      command: `for p in /usr/pwned-by-exec /etc/pwned-by-exec '${hostFile}' ../pwned-by-exec; do (echo x > "$p") 2>/dev/null && echo "WROTE $p"; done; echo x > /tmp/exec-private-file && id -u`,
    });
    expect(r.json.stdout).not.toContain("WROTE");
    expect(Number(r.json.stdout.trim())).toBeGreaterThanOrEqual(20001);
    for (const p of [
      "/usr/pwned-by-exec",
      "/etc/pwned-by-exec",
      hostFile,
      "/tmp/exec-private-file",
      path.join(jailed.root, "workspaces", "ex-u1", "pwned-by-exec"),
    ]) {
      await expect(fs.stat(p), p).rejects.toThrow();
    }
  });
});
