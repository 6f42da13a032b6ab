import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { latestText } from "./prompt-lines";

/**
 * A scripted language model that speaks the real HTTP streaming protocols: OpenAI chat completions
 * (`POST /v1/chat/completions`, SSE `data:` chunks ending in `[DONE]`) and Anthropic messages
 * (`POST /v1/messages`, named SSE events). What it says is chosen by a directive in the latest
 * user message:
 *
 *   [slow]     60 chunks, 80 ms apart (pause, late joiners)
 *   [error]    HTTP 500 with a provider error body
 *   [midstop]  a few chunks, then the connection is cut
 *   [silent]   one chunk, then nothing (idle timeout)
 *   [tool]     calls search_knowledge with the rest of the text, then answers with what it got
 *   [prompt]   answers with the system prompt it received
 *   [json]     answers with a JSON array of skills (non-streaming use)
 *   otherwise  "Echo: <text>" in small chunks
 */

interface ChatTurn {
  role: string;
  content: unknown;
}
export interface RecordedRequest {
  protocol: "openai" | "anthropic";
  model: string;
  stream: boolean;
  system: string;
  lastUser: string;
  hasToolResult: boolean;
  toolResult: string;
  receivedAt: number;
  firstByteAt: number | null;
}

type Piece = { text: string } | { tool: { name: string; input: Record<string, unknown> } };
interface Script {
  status?: number;
  pieces: Piece[];
  delayMs: number;
  cut?: boolean;
  hang?: boolean;
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content))
    return content
      .map((p) =>
        typeof p === "object" && p && "text" in p
          ? String((p as { text: unknown }).text)
          : typeof p === "object" && p && "content" in p
            ? textOf((p as { content: unknown }).content)
            : "",
      )
      .join("");
  return "";
}

function chunked(text: string, size = 6): Piece[] {
  const out: Piece[] = [];
  for (let i = 0; i < text.length; i += size) out.push({ text: text.slice(i, i + size) });
  return out;
}

function scriptFor(req: RecordedRequest): Script {
  const text = latestText(req.lastUser);
  if (req.hasToolResult) return { pieces: chunked(`Tool said: ${req.toolResult.slice(0, 300)}`), delayMs: 2 };
  if (text.includes("[error]")) return { status: 500, pieces: [], delayMs: 0 };
  if (text.includes("[slow]")) return { pieces: Array.from({ length: 60 }, (_, i) => ({ text: `w${i} ` })), delayMs: 80 };
  if (text.includes("[midstop]")) return { pieces: chunked("This answer will be cut off"), delayMs: 5, cut: true };
  if (text.includes("[silent]")) return { pieces: [{ text: "Thinking" }], delayMs: 0, hang: true };
  if (text.includes("[tool]")) return { pieces: [{ tool: { name: "search_knowledge", input: { query: text.replace("[tool]", "").trim() } } }], delayMs: 0 };
  if (text.includes("[prompt]")) return { pieces: chunked(req.system, 40), delayMs: 1 };
  if (text.includes("[json]") || req.system.toLowerCase().includes("json array"))
    return { pieces: [{ text: '```json\n["Unit Testing", "Go", "unit testing", "Kubernetes"]\n```' }], delayMs: 0 };
  return { pieces: chunked(`Echo: ${text}`), delayMs: 3 };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function openAiChunk(delta: Record<string, unknown>, finish: string | null = null): string {
  return `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 0, model: "fake", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

function anthropicEvent(type: string, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

async function writeOpenAi(res: ServerResponse, script: Script, rec: RecordedRequest): Promise<void> {
  for (const piece of script.pieces) {
    if ("text" in piece) res.write(openAiChunk({ role: "assistant", content: piece.text }));
    else {
      res.write(openAiChunk({ tool_calls: [{ index: 0, id: "call_fake_1", type: "function", function: { name: piece.tool.name, arguments: "" } }] }));
      res.write(openAiChunk({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(piece.tool.input) } }] }));
    }
    rec.firstByteAt ??= Date.now();
    if (script.delayMs) await sleep(script.delayMs);
  }
}

async function writeAnthropic(res: ServerResponse, script: Script, rec: RecordedRequest): Promise<void> {
  res.write(
    anthropicEvent("message_start", {
      message: {
        id: "msg_fake",
        type: "message",
        role: "assistant",
        model: rec.model,
        content: [],
        stop_reason: null,
        usage: { input_tokens: 10, output_tokens: 0 },
      },
    }),
  );
  let index = 0;
  let textOpen = false;
  for (const piece of script.pieces) {
    if ("text" in piece) {
      if (!textOpen) res.write(anthropicEvent("content_block_start", { index, content_block: { type: "text", text: "" } }));
      textOpen = true;
      res.write(anthropicEvent("content_block_delta", { index, delta: { type: "text_delta", text: piece.text } }));
    } else {
      if (textOpen) res.write(anthropicEvent("content_block_stop", { index: index++ }));
      textOpen = false;
      res.write(anthropicEvent("content_block_start", { index, content_block: { type: "tool_use", id: "toolu_fake_1", name: piece.tool.name, input: {} } }));
      res.write(anthropicEvent("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: JSON.stringify(piece.tool.input) } }));
      res.write(anthropicEvent("content_block_stop", { index: index++ }));
    }
    rec.firstByteAt ??= Date.now();
    if (script.delayMs) await sleep(script.delayMs);
  }
  if (textOpen) res.write(anthropicEvent("content_block_stop", { index }));
}

function record(protocol: RecordedRequest["protocol"], body: Record<string, unknown>): RecordedRequest {
  const messages = (Array.isArray(body.messages) ? body.messages : []) as ChatTurn[];
  const systemTurns = messages.filter((m) => m.role === "system").map((m) => textOf(m.content));
  const system = protocol === "anthropic" ? textOf(body.system) : systemTurns.join("\n");
  const users = messages.filter((m) => m.role === "user");
  const toolTurn =
    protocol === "openai"
      ? messages.find((m) => m.role === "tool")
      : users.find((m) => Array.isArray(m.content) && (m.content as { type?: string }[]).some((p) => p.type === "tool_result"));
  return {
    protocol,
    model: String(body.model ?? ""),
    stream: body.stream === true,
    system,
    lastUser: textOf(users.at(-1)?.content),
    hasToolResult: Boolean(toolTurn),
    toolResult: toolTurn ? textOf(toolTurn.content) : "",
    receivedAt: Date.now(),
    firstByteAt: null,
  };
}

async function respond(protocol: RecordedRequest["protocol"], body: Record<string, unknown>, res: ServerResponse, log: RecordedRequest[]): Promise<void> {
  const rec = record(protocol, body);
  log.push(rec);
  const script = scriptFor(rec);
  if (script.status) {
    res.writeHead(script.status, { "content-type": "application/json" });
    res.end(
      JSON.stringify(
        protocol === "openai"
          ? { error: { message: "fake provider failure", type: "server_error" } }
          : { type: "error", error: { type: "api_error", message: "fake provider failure" } },
      ),
    );
    return;
  }
  const usedTool = script.pieces.some((p) => "tool" in p);
  if (!rec.stream) return respondWhole(protocol, rec, script, res);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  res.flushHeaders();
  if (protocol === "openai") await writeOpenAi(res, script, rec);
  else await writeAnthropic(res, script, rec);
  if (script.cut) return void res.socket?.destroy();
  if (script.hang) return;
  if (protocol === "openai") {
    res.write(openAiChunk({}, usedTool ? "tool_calls" : "stop"));
    res.write(
      `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 0, model: "fake", choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })}\n\n`,
    );
    res.end("data: [DONE]\n\n");
  } else {
    res.write(
      anthropicEvent("message_delta", { delta: { stop_reason: usedTool ? "tool_use" : "end_turn", stop_sequence: null }, usage: { output_tokens: 5 } }),
    );
    res.end(anthropicEvent("message_stop", {}));
  }
}

function respondWhole(protocol: RecordedRequest["protocol"], rec: RecordedRequest, script: Script, res: ServerResponse): void {
  const text = script.pieces.map((p) => ("text" in p ? p.text : "")).join("");
  rec.firstByteAt = Date.now();
  res.writeHead(200, { "content-type": "application/json" });
  if (protocol === "openai") {
    res.end(
      JSON.stringify({
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: 0,
        model: rec.model,
        choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  } else {
    res.end(
      JSON.stringify({
        id: "msg_fake",
        type: "message",
        role: "assistant",
        model: rec.model,
        content: [{ type: "text", text }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      }),
    );
  }
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
export async function startFakeLlm(port = 0): Promise<FakeLlm> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? "").split("?")[0] ?? "";
      if (req.method === "GET" && path === "/__requests") return void res.end(JSON.stringify(requests));
      if (req.method === "POST" && path.endsWith("/chat/completions")) return respond("openai", await readJson(req), res, requests);
      if (req.method === "POST" && path.endsWith("/messages")) return respond("anthropic", await readJson(req), res, requests);
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
