// Starts the real `node speech/server.ts` on a free port with its own temporary folder, and gives
// the tests small clients for its endpoints.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "../fakes/free-port.ts";
import { stopChild } from "../fakes/stop-child.ts";

export const KEY = "speech-test-key-0123456789";
const SERVER = path.resolve(import.meta.dirname, "../../speech/server.ts");

export type Speech = {
  base: string;
  pid: number;
  /** The service's SPEECH_TMPDIR: every request's private folder is made (and must be removed) here. */
  tmp: string;
  logs: () => string;
  stop: () => Promise<void>;
};

export async function startSpeech(env: Record<string, string> = {}): Promise<Speech> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "speech-test-"));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: { ...process.env, SPEECH_API_KEY: KEY, SPEECH_PORT: String(port), SPEECH_HOST: "127.0.0.1", SPEECH_TMPDIR: tmp, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => (out += String(d)));
  child.stderr?.on("data", (d) => (out += String(d)));
  const deadline = Date.now() + 20_000;
  while (!out.includes('"event":"listening"')) {
    if (child.exitCode !== null) {
      await fs.rm(tmp, { recursive: true, force: true });
      throw new Error(`speech service exited: ${out}`);
    }
    if (Date.now() > deadline) throw new Error(`speech service did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    tmp,
    logs: () => out,
    async stop() {
      await stopChild(child);
      await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}

export const auth = { authorization: `Bearer ${KEY}` };

/** POST /v1/audio/speech; answers the status, the Content-Type and the bytes. */
export async function speak(base: string, body: Record<string, unknown>): Promise<{ status: number; type: string; bytes: Buffer }> {
  const res = await fetch(`${base}/v1/audio/speech`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ model: "tts-1", voice: "alloy", ...body }),
  });
  return { status: res.status, type: res.headers.get("content-type") ?? "", bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A multipart POST of `bytes` as `file` plus text fields (repeated fields as arrays). */
export async function upload(
  base: string,
  route: "transcriptions" | "transcode",
  bytes: Buffer,
  fields: Record<string, string | string[]> = {},
  headers: Record<string, string> = auth,
  filename = "recording.bin",
): Promise<Response> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)]), filename);
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v);
  return fetch(`${base}/v1/audio/${route}`, { method: "POST", headers, body: form });
}

/**
 * The request folders still in the service's temporary folder once its requests are over. A folder
 * is removed just after its answer is sent, so this waits a little for them to go.
 */
export async function leftovers(speech: Speech): Promise<string[]> {
  const list = async () => (await fs.readdir(speech.tmp)).filter((name) => name.startsWith("speech-"));
  const deadline = Date.now() + 5000;
  while ((await list()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return list();
}

/** Runs ffmpeg in the test to make inputs (videos, silence); throws with its message on failure. */
export function ffmpeg(args: string[]): void {
  const result = spawnSync("ffmpeg", ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", ...args], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
}

/** How many of the expected words the transcript contains (each expected occurrence matched once). */
export function wordsFound(expected: string[], transcript: string): number {
  const pool = transcript
    .toLowerCase()
    .split(/[^a-z']+/)
    .filter(Boolean);
  let found = 0;
  for (const word of expected) {
    const at = pool.indexOf(word);
    if (at >= 0) {
      pool.splice(at, 1);
      found++;
    }
  }
  return found;
}

/** The processes the service runs right now, children and their children (jailed tools sit below bwrap), from /proc. */
export async function toolProcesses(pid: number): Promise<Array<{ pid: number; name: string; uid: number }>> {
  const all: Array<{ pid: number; ppid: number; name: string; uid: number }> = [];
  for (const entry of await fs.readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await fs.readFile(`/proc/${entry}/stat`, "utf8").catch(() => "");
    const status = await fs.readFile(`/proc/${entry}/status`, "utf8").catch(() => "");
    // "pid (comm) state ppid …": comm may hold spaces, so split after its closing parenthesis.
    const m = /^\d+ \((.*)\) \S+ (\d+)/.exec(stat);
    const uid = /^Uid:\s+(\d+)/m.exec(status);
    if (m && uid) all.push({ pid: Number(entry), ppid: Number(m[2]), name: m[1]!, uid: Number(uid[1]) });
  }
  const found: Array<{ pid: number; name: string; uid: number }> = [];
  const parents = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) {
      if (parents.has(p.ppid) && !parents.has(p.pid)) {
        parents.add(p.pid);
        found.push({ pid: p.pid, name: p.name, uid: p.uid });
        grew = true;
      }
    }
  }
  return found;
}

export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function health(base: string): Promise<{ isolation: "jail" | "direct"; jobs: { active: number; admitted: number } }> {
  return (await fetch(`${base}/health`, { headers: auth })).json();
}
