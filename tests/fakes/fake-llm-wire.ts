import type { ServerResponse } from "node:http";

/**
 * The two wire protocols the fake speaks: OpenAI chat completions (SSE `data:` chunks ending in
 * `[DONE]`) and Anthropic messages (named SSE events), streamed or whole.
 */

/** A tool call; its id is `call_<suffix>` (OpenAI) or `toolu_<suffix>` (Anthropic). */
export interface ToolPiece {
  tool: { name: string; input: Record<string, unknown>; suffix: string };
}
export type Piece = { text: string } | ToolPiece;

export interface Reply {
  status?: number;
  /** The provider error's message when `status` is set. */
  errorMessage?: string;
  pieces: Piece[];
  delayMs: number;
  cut?: boolean;
  hang?: boolean;
}

/** The part of the request log the writers fill in. */
export interface WireRecord {
  model: string;
  firstByteAt: number | null;
}

export type Protocol = "openai" | "anthropic";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const usesTools = (reply: Reply) => reply.pieces.some((p) => "tool" in p);
const toolsOf = (reply: Reply) => reply.pieces.filter((p): p is ToolPiece => "tool" in p).map((p) => p.tool);
const textOf = (reply: Reply) => reply.pieces.map((p) => ("text" in p ? p.text : "")).join("");

function openAiChunk(delta: Record<string, unknown>, finish: string | null = null): string {
  return `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 0, model: "fake", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

function anthropicEvent(type: string, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

async function writeOpenAi(res: ServerResponse, reply: Reply, rec: WireRecord): Promise<void> {
  let toolIndex = 0;
  for (const piece of reply.pieces) {
    if ("text" in piece) res.write(openAiChunk({ role: "assistant", content: piece.text }));
    else {
      const { name, input, suffix } = piece.tool;
      const index = toolIndex++;
      res.write(openAiChunk({ tool_calls: [{ index, id: `call_${suffix}`, type: "function", function: { name, arguments: "" } }] }));
      res.write(openAiChunk({ tool_calls: [{ index, function: { arguments: JSON.stringify(input) } }] }));
    }
    rec.firstByteAt ??= Date.now();
    if (reply.delayMs) await sleep(reply.delayMs);
  }
}

async function writeAnthropic(res: ServerResponse, reply: Reply, rec: WireRecord): Promise<void> {
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
  for (const piece of reply.pieces) {
    if ("text" in piece) {
      if (!textOpen) res.write(anthropicEvent("content_block_start", { index, content_block: { type: "text", text: "" } }));
      textOpen = true;
      res.write(anthropicEvent("content_block_delta", { index, delta: { type: "text_delta", text: piece.text } }));
    } else {
      if (textOpen) res.write(anthropicEvent("content_block_stop", { index: index++ }));
      textOpen = false;
      const { name, input, suffix } = piece.tool;
      res.write(anthropicEvent("content_block_start", { index, content_block: { type: "tool_use", id: `toolu_${suffix}`, name, input: {} } }));
      res.write(anthropicEvent("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: JSON.stringify(input) } }));
      res.write(anthropicEvent("content_block_stop", { index: index++ }));
    }
    rec.firstByteAt ??= Date.now();
    if (reply.delayMs) await sleep(reply.delayMs);
  }
  if (textOpen) res.write(anthropicEvent("content_block_stop", { index }));
}

export function writeError(protocol: Protocol, reply: Reply, res: ServerResponse): void {
  const message = reply.errorMessage ?? "fake provider failure";
  res.writeHead(reply.status ?? 500, { "content-type": "application/json" });
  res.end(
    JSON.stringify(
      protocol === "openai"
        ? { error: { message, type: reply.status === 400 ? "invalid_request_error" : "server_error" } }
        : { type: "error", error: { type: reply.status === 400 ? "invalid_request_error" : "api_error", message } },
    ),
  );
}

export async function writeStream(protocol: Protocol, reply: Reply, res: ServerResponse, rec: WireRecord): Promise<void> {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  res.flushHeaders();
  if (protocol === "openai") await writeOpenAi(res, reply, rec);
  else await writeAnthropic(res, reply, rec);
  if (reply.cut) return void res.socket?.destroy();
  if (reply.hang) return;
  if (protocol === "openai") {
    res.write(openAiChunk({}, usesTools(reply) ? "tool_calls" : "stop"));
    res.write(
      `data: ${JSON.stringify({ id: "chatcmpl-fake", object: "chat.completion.chunk", created: 0, model: "fake", choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } })}\n\n`,
    );
    res.end("data: [DONE]\n\n");
  } else {
    res.write(
      anthropicEvent("message_delta", { delta: { stop_reason: usesTools(reply) ? "tool_use" : "end_turn", stop_sequence: null }, usage: { output_tokens: 5 } }),
    );
    res.end(anthropicEvent("message_stop", {}));
  }
}

export function writeWhole(protocol: Protocol, reply: Reply, res: ServerResponse, rec: WireRecord): void {
  const text = textOf(reply);
  const tools = toolsOf(reply);
  rec.firstByteAt = Date.now();
  res.writeHead(200, { "content-type": "application/json" });
  if (protocol === "openai") {
    const toolCalls = tools.map((t) => ({ id: `call_${t.suffix}`, type: "function", function: { name: t.name, arguments: JSON.stringify(t.input) } }));
    res.end(
      JSON.stringify({
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: 0,
        model: rec.model,
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: text, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) },
            finish_reason: toolCalls.length ? "tool_calls" : "stop",
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
  } else {
    const content = [
      ...(text ? [{ type: "text", text }] : []),
      ...tools.map((t) => ({ type: "tool_use", id: `toolu_${t.suffix}`, name: t.name, input: t.input })),
    ];
    res.end(
      JSON.stringify({
        id: "msg_fake",
        type: "message",
        role: "assistant",
        model: rec.model,
        content: content.length ? content : [{ type: "text", text: "" }],
        stop_reason: tools.length ? "tool_use" : "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      }),
    );
  }
}
