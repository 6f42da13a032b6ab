import type { ModelMessage } from "ai";
import { imageData, parseToolInput, toolResultText, type EventDecoder, type WireCall, type WireModel, type WirePart, type WireProtocol } from "./wire";

/** OpenAI-compatible chat completions (POST {base}/chat/completions with stream: true). */

type Json = Record<string, unknown>;

function userContent(message: Extract<ModelMessage, { role: "user" }>): string | Json[] {
  if (typeof message.content === "string") return message.content;
  const parts = message.content.flatMap((part): Json[] => {
    if (part.type === "text") return [{ type: "text", text: part.text }];
    if (part.type !== "image") return [];
    const data = imageData(part.image);
    if (!data) return [];
    return [{ type: "image_url", image_url: { url: "url" in data ? data.url : `data:${part.mediaType ?? "image/png"};base64,${data.base64}` } }];
  });
  // A turn of text only is one string, as most compatible servers expect.
  return parts.every((p) => p.type === "text") ? parts.map((p) => p.text).join("") : parts;
}

function messagesOf(message: ModelMessage): Json[] {
  switch (message.role) {
    case "system":
      return [{ role: "system", content: message.content }];
    case "user":
      return [{ role: "user", content: userContent(message) }];
    case "assistant": {
      if (typeof message.content === "string") return [{ role: "assistant", content: message.content }];
      const text = message.content.map((p) => (p.type === "text" ? p.text : "")).join("");
      const calls = message.content.flatMap((p) =>
        p.type === "tool-call"
          ? [
              {
                id: p.toolCallId,
                type: "function",
                function: { name: p.toolName, arguments: typeof p.input === "string" ? p.input : JSON.stringify(p.input ?? {}) },
              },
            ]
          : [],
      );
      return [{ role: "assistant", content: text, ...(calls.length ? { tool_calls: calls } : {}) }];
    }
    case "tool":
      return message.content.flatMap((p) => (p.type === "tool-result" ? [{ role: "tool", tool_call_id: p.toolCallId, content: toolResultText(p) }] : []));
    default:
      return [];
  }
}

function body(model: WireModel, call: WireCall): Json {
  return {
    model: model.modelId,
    messages: [...(call.system ? [{ role: "system", content: call.system }] : []), ...call.messages.flatMap(messagesOf)],
    ...(call.tools.length
      ? { tools: call.tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.parameters } })) }
      : {}),
    stream: true,
    stream_options: { include_usage: true },
  };
}

interface Chunk {
  error?: { message?: string } | string;
  choices?: {
    delta?: { content?: string | null; tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[] };
    finish_reason?: string | null;
  }[];
}

function decoder(): EventDecoder {
  const calls = new Map<number, { id: string; name: string; args: string }>();
  let finished = false;
  const finish = (): WirePart[] => {
    if (finished) return [];
    finished = true;
    const parts: WirePart[] = [...calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, c]) => ({ type: "tool-call", toolCallId: c.id, toolName: c.name, input: parseToolInput(c.args) }));
    calls.clear();
    return [...parts, { type: "finish" }];
  };
  return (_event, data): WirePart[] => {
    if (data === "[DONE]") return finish();
    const chunk = JSON.parse(data) as Chunk;
    if (chunk.error) {
      const message = typeof chunk.error === "string" ? chunk.error : chunk.error.message;
      return [{ type: "error", error: new Error(message ?? "the provider reported an error") }];
    }
    const choice = chunk.choices?.[0];
    if (!choice) return [];
    for (const delta of choice.delta?.tool_calls ?? []) {
      const index = delta.index ?? 0;
      const call = calls.get(index) ?? { id: "", name: "", args: "" };
      if (delta.id) call.id = delta.id;
      if (delta.function?.name) call.name = delta.function.name;
      call.args += delta.function?.arguments ?? "";
      calls.set(index, call);
    }
    const text: WirePart[] = choice.delta?.content ? [{ type: "text", text: choice.delta.content }] : [];
    return choice.finish_reason ? [...text, ...finish()] : text;
  };
}

export const openAiWire: WireProtocol = { body, decoder };
