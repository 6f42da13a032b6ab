import type { ModelMessage, ToolResultPart } from "ai";
import type { AgentTools } from "./agent-tools";
import { ProviderHttpError } from "./errors";
import { readServerSentEvents } from "./sse";

/**
 * The streaming model call spoken directly over HTTP: Anthropic Messages and OpenAI-compatible
 * chat completions. The AI SDK's streamText pipes every event through a dozen web streams; a
 * room answering a hundred members at once spent most of its time there, before the first token
 * of the last reply could reach its asker. Here one loop reads the body and hands out parts.
 */

/** A model spoken to over one of the two protocols: where, with which headers, and its limits. */
export interface WireModel {
  protocol: "anthropic" | "openai";
  url: string;
  headers: Record<string, string>;
  modelId: string;
  /** Anthropic requires max_tokens; OpenAI-compatible endpoints choose their own. */
  maxOutputTokens?: number;
}

export interface ToolSpec {
  name: string;
  description: string;
  parameters: unknown;
}

/** What one call asks: everything the protocol modules turn into a request body. */
export interface WireCall {
  system: string;
  messages: ModelMessage[];
  tools: ToolSpec[];
}

export type WirePart =
  | { type: "text"; text: string }
  | { type: "tool-call"; toolCallId: string; toolName: string; input: unknown }
  | { type: "finish" }
  | { type: "error"; error: Error };

/** Turns the events of one response into parts; it keeps the state of partly streamed tool calls. */
export type EventDecoder = (event: string, data: string) => WirePart[];

export interface WireProtocol {
  body(model: WireModel, call: WireCall): Record<string, unknown>;
  decoder(): EventDecoder;
}

/** The tools as the protocols describe them: name, description and the JSON schema of the input. */
export function toolSpecs(tools: AgentTools | undefined): ToolSpec[] {
  return Object.entries(tools ?? {}).map(([name, tool]) => ({ name, description: tool.description, parameters: tool.inputSchema }));
}

/** A tool call's input as the model wrote it; text that is not JSON is handed on as it is, for the caller to refuse. */
export function parseToolInput(json: string): unknown {
  if (!json.trim()) return {};
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

/** A tool result as text: what both protocols carry back to the model. */
export function toolResultText(part: ToolResultPart): string {
  const out = part.output;
  switch (out.type) {
    case "text":
    case "error-text":
      return out.value;
    case "json":
    case "error-json":
      return JSON.stringify(out.value);
    case "execution-denied":
      return out.reason ?? "The tool call was denied.";
    case "content":
      return out.value.map((v) => (v.type === "text" ? v.text : "")).join("");
    default:
      return JSON.stringify(out);
  }
}

/** Image bytes (or base64 already) as base64, and a URL left as a URL. */
export function imageData(image: unknown): { base64: string } | { url: string } | null {
  if (image instanceof URL) return { url: image.href };
  if (typeof image === "string") return { base64: image };
  const bytes = image instanceof Uint8Array ? image : image instanceof ArrayBuffer ? new Uint8Array(image) : null;
  if (!bytes) return null;
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { base64: btoa(binary) };
}

function errorMessageOf(body: string, statusText: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof message === "string" && message) return message;
  } catch {
    // not JSON: the status text says enough
  }
  return statusText || "Request failed";
}

/**
 * One streamed model call: parts are handed to `onPart` as the events arrive. Throws
 * ProviderHttpError for an HTTP failure (describeProviderError maps it to a reason), and errors of the
 * connection as they come; a stream that ends before the model said it finished is an error part.
 */
export async function callWire(protocol: WireProtocol, model: WireModel, call: WireCall, signal: AbortSignal, onPart: (part: WirePart) => void): Promise<void> {
  const init = { method: "POST", headers: model.headers, body: JSON.stringify(protocol.body(model, call)), signal };
  // A connection that fails before any answer (a pooled keep-alive connection the provider had just
  // closed) is asked once more: nothing was generated, so nothing is paid or said twice.
  const response = await fetch(model.url, init).catch((err: unknown) => {
    if (signal.aborted) throw err;
    return fetch(model.url, init);
  });
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => "");
    throw new ProviderHttpError(errorMessageOf(text, response.statusText), response.status);
  }
  const decode = protocol.decoder();
  let finished = false;
  await readServerSentEvents(response.body, (event, data) => {
    for (const part of decode(event, data)) {
      if (part.type === "finish") finished = true;
      onPart(part);
    }
  });
  if (!finished) onPart({ type: "error", error: new Error("the connection closed before the model finished") });
}
