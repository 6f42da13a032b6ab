import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { record, type RecordedRequest } from "./fake-llm-record.ts";
import { ANALYSIS_MARKER, ANALYSIS_REPLY } from "./fake-llm-analysis.ts";
import { ECHO_TOOL_CHARS, parseScript, SCRIPT_DONE_TEXT, type PlayedStep } from "./fake-llm-script.ts";
import { writeError, writeStream, writeWhole, type Piece, type Protocol, type Reply } from "./fake-llm-wire.ts";
import { latestText } from "./prompt-lines.ts";

export type { RecordedRequest, RecordedToolResult } from "./fake-llm-record.ts";
export { scriptDirective, SCRIPT_DONE_TEXT, ECHO_TOOL_CHARS, type ScriptStep, type ScriptTool } from "./fake-llm-script.ts";

/**
 * A scripted language model that speaks the real HTTP streaming protocols: OpenAI chat completions
 * (`POST /v1/chat/completions`) and Anthropic messages (`POST /v1/messages`). What it says is chosen
 * by a directive in the latest user message:
 *
 *   [script:…] plays a tool-call conversation (build it with `scriptDirective(steps)`): step N,
 *              where N is the number of tool rounds since the latest plain user message, is
 *              {text} a final answer, {tools, text?} one or more calls in one turn (ids call_<N>_<i> /
 *              toolu_<N>_<i>), {echoTool} "Tool said: <first 500 characters of the last tool result>",
 *              or {repeatTool, times} that many identical tool turns; {slowMs} delays each chunk.
 *              Past the end it answers "Done.". A script that does not decode is an HTTP 400.
 *   [slow]     60 chunks, 80 ms apart (pause, late joiners)
 *   [error]    HTTP 500 with a provider error body
 *   [midstop]  a few chunks, then the connection is cut
 *   [silent]   one chunk, then nothing (idle timeout)
 *   [tool]     calls search_knowledge with the rest of the text, then answers with what it got
 *   [prompt]   answers with the system prompt it received
 *   [json]     answers with a JSON array of skills (non-streaming use)
 *   [analysis] answers one JSON object that fits every file analysis prompt (fake-llm-analysis.ts)
 *   otherwise  "Echo: <text>" in small chunks
 *
 * [ttft:N] anywhere in the text also makes it wait N ms before answering, as a real model takes
 * time to its first token (the benchmarks use it; nothing is recorded as sent meanwhile).
 */

function chunked(text: string, size = 6): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < text.length; i += size) out.push({ text: text.slice(i, i + size) });
  return out;
}

function playStep(step: PlayedStep | undefined, round: number, req: RecordedRequest): Reply {
  if (!step) return { pieces: chunked(SCRIPT_DONE_TEXT), delayMs: 0 };
  if (step.kind === "text") return { pieces: chunked(step.text), delayMs: step.slowMs };
  if (step.kind === "echoTool") {
    const last = req.toolResults.at(-1);
    return { pieces: chunked(last ? `Tool said: ${last.content.slice(0, ECHO_TOOL_CHARS)}` : "No tool result received."), delayMs: step.slowMs };
  }
  const calls: Piece[] = step.tools.map((tool, i) => ({ tool: { name: tool.name, input: tool.input, suffix: `${round}_${i}` } }));
  return { pieces: [...chunked(step.text), ...calls], delayMs: step.slowMs };
}

function replyFor(req: RecordedRequest): Reply {
  const text = latestText(req.lastUser);
  let steps: PlayedStep[] | null;
  try {
    steps = parseScript(text);
  } catch (err) {
    return { status: 400, errorMessage: `fake model: ${(err as Error).message}`, pieces: [], delayMs: 0 };
  }
  if (steps) return playStep(steps[req.toolRounds], req.toolRounds, req);
  if (req.hasToolResult) return { pieces: chunked(`Tool said: ${req.toolResult.slice(0, 300)}`), delayMs: 2 };
  if (text.includes("[error]")) return { status: 500, pieces: [], delayMs: 0 };
  if (text.includes("[slow]")) return { pieces: Array.from({ length: 60 }, (_, i) => ({ text: `w${i} ` })), delayMs: 80 };
  if (text.includes("[midstop]")) return { pieces: chunked("This answer will be cut off"), delayMs: 5, cut: true };
  if (text.includes("[silent]")) return { pieces: [{ text: "Thinking" }], delayMs: 0, hang: true };
  if (text.includes("[tool]"))
    return { pieces: [{ tool: { name: "search_knowledge", input: { query: text.replace("[tool]", "").trim() }, suffix: "fake_1" } }], delayMs: 0 };
  if (text.includes(ANALYSIS_MARKER)) return { pieces: chunked(ANALYSIS_REPLY, 40), delayMs: 1 };
  if (text.includes("[prompt]")) return { pieces: chunked(req.system, 40), delayMs: 1 };
  if (text.includes("[json]") || req.system.toLowerCase().includes("json array"))
    return { pieces: [{ text: '```json\n["Unit Testing", "Go", "unit testing", "Kubernetes"]\n```' }], delayMs: 0 };
  return { pieces: chunked(`Echo: ${text}`), delayMs: 3 };
}

/** Told when a request is recorded and when its response ended (a thread's copy of the log follows it). */
type OnRecord = (index: number, rec: RecordedRequest) => void;

async function respond(protocol: Protocol, body: Record<string, unknown>, res: ServerResponse, log: RecordedRequest[], onRecord?: OnRecord): Promise<void> {
  const rec = record(protocol, body);
  const index = log.push(rec) - 1;
  onRecord?.(index, rec);
  const reply = replyFor(rec);
  const firstTokenMs = Number(/\[ttft:(\d+)\]/.exec(rec.lastUser)?.[1] ?? 0);
  if (firstTokenMs > 0) await new Promise((r) => setTimeout(r, firstTokenMs));
  if (reply.status) writeError(protocol, reply, res);
  else if (!rec.stream) writeWhole(protocol, reply, res, rec);
  else await writeStream(protocol, reply, res, rec);
  // The benchmarks take the gap from here to the next request as the product's time between model calls.
  if (!reply.hang) rec.finishedAt = Date.now();
  onRecord?.(index, rec);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export interface FakeLlm {
  url: string;
  port: number;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts the fake on `port` (0 = any free port) on loopback. `GET /__requests` returns the log. */
export async function startFakeLlm(port = 0, onRecord?: OnRecord): Promise<FakeLlm> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? "").split("?")[0] ?? "";
      if (req.method === "GET" && path === "/__requests") return void res.end(JSON.stringify(requests));
      if (req.method === "POST" && path.endsWith("/chat/completions")) return respond("openai", await readJson(req), res, requests, onRecord);
      if (req.method === "POST" && path.endsWith("/messages")) return respond("anthropic", await readJson(req), res, requests, onRecord);
      res.writeHead(404).end();
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The fake in a worker thread of its own, for benchmarks: streaming a hundred replies at once would
 * otherwise share the event loop of the process that timestamps the frames arriving on its sockets,
 * and its lateness would count as the product's. `requests` is a copy, updated when a request comes
 * in and again when its response has ended.
 */
export async function startFakeLlmThread(): Promise<FakeLlm> {
  const { Worker } = await import("node:worker_threads");
  const worker = new Worker(new URL("./fake-llm-thread.ts", import.meta.url));
  const requests: RecordedRequest[] = [];
  const ready = new Promise<{ url: string; port: number }>((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (m: { ready?: { url: string; port: number }; index?: number; rec?: RecordedRequest }) => {
      if (m.ready) resolve(m.ready);
      else if (m.index !== undefined && m.rec) requests[m.index] = m.rec;
    });
  });
  const { url, port } = await ready;
  return { url, port, requests, close: () => worker.terminate().then(() => undefined) };
}
