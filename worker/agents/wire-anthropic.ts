import type { ModelMessage } from "ai";
import { imageData, parseToolInput, toolResultText, type EventDecoder, type WireCall, type WireModel, type WirePart, type WireProtocol } from "./wire";

/** Anthropic Messages (POST /v1/messages with stream: true). */

type Block = Record<string, unknown>;
interface Turn {
  role: "user" | "assistant";
  content: Block[];
}

function userBlocks(message: Extract<ModelMessage, { role: "user" }>): Block[] {
  if (typeof message.content === "string") return message.content ? [{ type: "text", text: message.content }] : [];
  return message.content.flatMap((part): Block[] => {
    if (part.type === "text") return part.text ? [{ type: "text", text: part.text }] : [];
    if (part.type !== "image") return [];
    const data = imageData(part.image);
    if (!data) return [];
    const source = "url" in data ? { type: "url", url: data.url } : { type: "base64", media_type: part.mediaType ?? "image/png", data: data.base64 };
    return [{ type: "image", source }];
  });
}

function blocksOf(message: ModelMessage): Block[] {
  switch (message.role) {
    case "user":
      return userBlocks(message);
    case "assistant":
      if (typeof message.content === "string") return message.content ? [{ type: "text", text: message.content }] : [];
      return message.content.flatMap((part): Block[] => {
        if (part.type === "text") return part.text ? [{ type: "text", text: part.text }] : [];
        if (part.type !== "tool-call") return [];
        const input = typeof part.input === "object" && part.input !== null ? part.input : {};
        return [{ type: "tool_use", id: part.toolCallId, name: part.toolName, input }];
      });
    case "tool":
      return message.content.flatMap((part): Block[] =>
        part.type === "tool-result"
          ? [
              {
                type: "tool_result",
                tool_use_id: part.toolCallId,
                content: toolResultText(part),
                ...(part.output.type.startsWith("error") ? { is_error: true } : {}),
              },
            ]
          : [],
      );
    default:
      return [];
  }
}

/** Tool results travel in user turns; turns of one side are merged, as the API wants them alternating. */
function turnsOf(messages: ModelMessage[]): { system: string[]; turns: Turn[] } {
  const system: string[] = [];
  const turns: Turn[] = [];
  for (const message of messages) {
    if (message.role === "system") {
      system.push(message.content);
      continue;
    }
    const content = blocksOf(message);
    if (content.length === 0) continue;
    const role = message.role === "assistant" ? "assistant" : "user";
    const last = turns.at(-1);
    if (last?.role === role) last.content.push(...content);
    else turns.push({ role, content });
  }
  return { system, turns };
}

function body(model: WireModel, call: WireCall): Record<string, unknown> {
  const { system, turns } = turnsOf(call.messages);
  const prompt = [call.system, ...system].filter(Boolean).join("\n\n");
  return {
    model: model.modelId,
    max_tokens: model.maxOutputTokens ?? 4096,
    ...(prompt ? { system: prompt } : {}),
    messages: turns,
    ...(call.tools.length ? { tools: call.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters })) } : {}),
    stream: true,
  };
}

interface Event {
  type?: string;
  index?: number;
  content_block?: { type?: string; id?: string; name?: string; text?: string; input?: unknown };
  delta?: { type?: string; text?: string; partial_json?: string };
  error?: { message?: string };
}

function decoder(): EventDecoder {
  const tools = new Map<number, { id: string; name: string; json: string; input: unknown }>();
  return (_event, data): WirePart[] => {
    const e = JSON.parse(data) as Event;
    const index = e.index ?? 0;
    switch (e.type) {
      case "content_block_start": {
        const block = e.content_block;
        if (block?.type === "tool_use") tools.set(index, { id: block.id ?? "", name: block.name ?? "", json: "", input: block.input });
        return block?.type === "text" && block.text ? [{ type: "text", text: block.text }] : [];
      }
      case "content_block_delta":
        if (e.delta?.type === "text_delta" && e.delta.text) return [{ type: "text", text: e.delta.text }];
        if (e.delta?.type === "input_json_delta") {
          const tool = tools.get(index);
          if (tool) tool.json += e.delta.partial_json ?? "";
        }
        return [];
      case "content_block_stop": {
        const tool = tools.get(index);
        if (!tool) return [];
        tools.delete(index);
        const input = tool.json ? parseToolInput(tool.json) : (tool.input ?? {});
        return [{ type: "tool-call", toolCallId: tool.id, toolName: tool.name, input }];
      }
      case "message_stop":
        return [{ type: "finish" }];
      case "error":
        return [{ type: "error", error: new Error(e.error?.message ?? "the provider reported an error") }];
      default:
        return [];
    }
  };
}

export const anthropicWire: WireProtocol = { body, decoder };
