import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";

/**
 * A speech service on loopback that speaks the OpenAI-compatible wire formats the Worker uses for
 * file analysis, with real audio tools behind it (Debian's espeak-ng and ffmpeg):
 *
 *   POST /v1/audio/transcriptions  multipart (file, model, response_format=verbose_json) → {text, language, duration, segments}
 *                                  where duration is the uploaded audio's real length (ffprobe)
 *   POST /v1/audio/speech          JSON {model, input, voice, response_format: "mp3"} → mp3 bytes spoken by espeak-ng
 *   POST /v1/audio/transcode       multipart file → mp3 bytes and X-Duration-Seconds (ffmpeg)
 *
 * Tests script it per uploaded file name: `POST /__script {name, segments?, language?, fail?: n, failTranscode?: n}`
 * makes the next n transcriptions (or transcodes) of that name answer HTTP 500. `GET /__requests` is the log,
 * `GET /__fixture/<name>` a file of tests/fixtures (analysis/ or preview/), since workerd cannot read the disk.
 */

export interface SpeechScript {
  name: string;
  segments?: { start: number; end: number; text: string; speaker?: string }[];
  language?: string;
  fail?: number;
  failTranscode?: number;
}

export interface SpeechRequest {
  path: string;
  fileName?: string;
  model?: string;
  responseFormat?: string;
  voice?: string;
  input?: string;
}

const FIXTURES = resolve(import.meta.dirname, "../fixtures");

function run(cmd: string, args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((ok, fail) => {
    const child = execFile(cmd, args, { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) fail(new Error(`${cmd} failed: ${stderr.toString().slice(0, 300)}`));
      else ok(stdout);
    });
    if (input) child.stdin?.end(input);
  });
}

async function withTemp<T>(bytes: Buffer, name: string, fn: (path: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "fake-speech-"));
  try {
    const path = join(dir, basename(name) || "audio");
    await writeFile(path, bytes);
    return await fn(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const seconds = async (path: string) =>
  Number((await run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path])).toString().trim()) || 0;

const toMp3 = (input: string) => run("ffmpeg", ["-v", "error", "-i", input, "-ac", "1", "-ar", "16000", "-b:a", "32k", "-f", "mp3", "-"]);

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function formOf(req: IncomingMessage): Promise<FormData> {
  return new Response(new Uint8Array(await body(req)), { headers: { "content-type": req.headers["content-type"] ?? "" } }).formData();
}

export interface FakeSpeech {
  url: string;
  close(): Promise<void>;
}

export async function startFakeSpeech(port = 0): Promise<FakeSpeech> {
  const scripts = new Map<string, SpeechScript>();
  const requests: SpeechRequest[] = [];
  const failing = (name: string, key: "fail" | "failTranscode") => {
    const script = scripts.get(name);
    if (!script?.[key]) return false;
    script[key] -= 1;
    return true;
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? "").split("?")[0] ?? "";
      const json = (status: number, value: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
      if (req.method === "GET" && path === "/__requests") return json(200, requests);
      if (req.method === "POST" && path === "/__script") {
        const script = JSON.parse((await body(req)).toString()) as SpeechScript;
        scripts.set(script.name, script);
        return json(200, { ok: true });
      }
      if (req.method === "GET" && path.startsWith("/__fixture/")) {
        const name = basename(decodeURIComponent(path.slice("/__fixture/".length)));
        for (const dir of ["analysis", "preview"]) {
          const bytes = await readFile(join(FIXTURES, dir, name)).catch(() => null);
          if (bytes) return res.writeHead(200, { "content-type": "application/octet-stream" }).end(bytes);
        }
        return json(404, { error: "no such fixture" });
      }
      if (req.method === "POST" && path.endsWith("/audio/transcriptions")) {
        const form = await formOf(req);
        const file = form.get("file");
        const fileName = file instanceof File ? file.name : "";
        requests.push({ path, fileName, model: String(form.get("model") ?? ""), responseFormat: String(form.get("response_format") ?? "") });
        if (!(file instanceof File) || !form.get("model")) return json(400, { error: { message: "file and model are required" } });
        if (failing(fileName, "fail")) return json(500, { error: { message: "fake speech: scripted failure" } });
        const duration = await withTemp(Buffer.from(await file.arrayBuffer()), fileName, seconds);
        const script = scripts.get(fileName);
        const segments = script?.segments ?? [{ start: 0, end: duration, text: "Hello team. The launch moves to Friday." }];
        return json(200, { task: "transcribe", language: script?.language ?? "english", duration, text: segments.map((s) => s.text).join(" "), segments });
      }
      if (req.method === "POST" && path.endsWith("/audio/speech")) {
        const spec = JSON.parse((await body(req)).toString()) as { model?: string; input?: string; voice?: string };
        requests.push({ path, model: spec.model, voice: spec.voice, input: spec.input });
        if (!spec.input || !spec.model) return json(400, { error: { message: "model and input are required" } });
        const wav = await run("espeak-ng", ["-v", "en", "--stdout", spec.input]);
        const mp3 = await withTemp(wav, "line.wav", toMp3);
        return res.writeHead(200, { "content-type": "audio/mpeg" }).end(mp3);
      }
      if (req.method === "POST" && path.endsWith("/audio/transcode")) {
        const form = await formOf(req);
        const file = form.get("file");
        const fileName = file instanceof File ? file.name : "";
        requests.push({ path, fileName });
        if (!(file instanceof File)) return json(400, { error: { message: "file is required" } });
        if (failing(fileName, "failTranscode")) return json(500, { error: { message: "fake speech: scripted transcode failure" } });
        const { mp3, length } = await withTemp(Buffer.from(await file.arrayBuffer()), fileName, async (p) => ({
          mp3: await toMp3(p),
          length: await seconds(p),
        }));
        return res.writeHead(200, { "content-type": "audio/mpeg", "x-duration-seconds": length.toFixed(3) }).end(mp3);
      }
      json(404, { error: "not found" });
    })().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: String(err) }));
      else res.destroy();
    });
  });
  await new Promise<void>((ok) => server.listen(port, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
