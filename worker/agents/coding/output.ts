import type { ModelMessage, ToolResultPart } from "ai";
import { CODING_TEXTS } from "../../../contract";

/** What one tool result may put in front of the model. */
export const TOOL_OUTPUT_MAX = 30_000;
/** Tool results the model reads in full; older ones are replaced by a one-line summary. */
export const RECENT_RESULTS = 8;
/** Above this many characters of tool output in the conversation, older results are elided even among the recent ones. */
export const CONTEXT_CHARS_MAX = 240_000;

/** Keeps the start and the end of a long text (errors are usually at the end), with a note of what was cut. */
export function capOutput(text: string, max = TOOL_OUTPUT_MAX): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * 0.4);
  const tail = max - head;
  const note = CODING_TEXTS.outputTruncated.replace("{shown}", String(max)).replace("{total}", String(text.length));
  return `${text.slice(0, head)}\n${note}\n${text.slice(text.length - tail)}`;
}

function resultText(part: ToolResultPart): string {
  const out = part.output;
  return out.type === "text" || out.type === "error-text" ? out.value : JSON.stringify("value" in out ? out.value : out);
}

function elided(part: ToolResultPart): ToolResultPart {
  const text = resultText(part);
  const firstLine = text.split("\n")[0]?.slice(0, 160) ?? "";
  return { ...part, output: { type: "text", value: `[earlier result of ${part.toolName}, ${text.length} characters, elided to save room: ${firstLine}]` } };
}

/**
 * The conversation as the next model call reads it: every tool call stays (the model knows what
 * it did), but only the latest results are quoted in full, so a long task never overflows the
 * context. The stored checkpoint keeps everything; this is only the view.
 */
export function compactForModel(messages: ModelMessage[]): ModelMessage[] {
  const positions: { m: number; p: number; size: number }[] = [];
  messages.forEach((message, m) => {
    if (message.role !== "tool") return;
    message.content.forEach((part, p) => {
      if (part.type === "tool-result") positions.push({ m, p, size: resultText(part).length });
    });
  });
  const keep = new Set<string>();
  let budget = CONTEXT_CHARS_MAX;
  for (const pos of positions.slice(-RECENT_RESULTS).reverse()) {
    if (pos.size > budget && keep.size > 0) break;
    budget -= pos.size;
    keep.add(`${pos.m}:${pos.p}`);
  }
  if (keep.size === positions.length) return messages;
  return messages.map((message, m) => {
    if (message.role !== "tool") return message;
    return {
      ...message,
      content: message.content.map((part, p) => (part.type === "tool-result" && !keep.has(`${m}:${p}`) ? elided(part) : part)),
    };
  });
}

/**
 * A message as a checkpoint keeps it: images become a note (their bytes would not fit a row, and
 * the model saw them in its first call). Everything else is kept; compactForModel decides what the
 * model reads next.
 */
export function storableMessage(message: ModelMessage): ModelMessage {
  // A row holds 2 MB: a turn that wrote several large files keeps its calls, not their contents.
  if (message.role === "assistant" && Array.isArray(message.content) && JSON.stringify(message).length > STORED_MESSAGE_MAX) {
    return { ...message, content: message.content.map((part) => (part.type === "tool-call" ? { ...part, input: shortInput(part.input) } : part)) };
  }
  if (message.role !== "user" || !Array.isArray(message.content)) return message;
  return {
    ...message,
    content: message.content.map((part) =>
      part.type === "image" || part.type === "file" ? { type: "text" as const, text: "[an image attached to this message was shown to you earlier]" } : part,
    ),
  };
}

/** Above this size a stored message drops its long tool inputs (a SQLite row holds 2 MB). */
const STORED_MESSAGE_MAX = 1_500_000;
const STORED_INPUT_MAX = 4000;

function shortInput(input: unknown): unknown {
  if (!input || typeof input !== "object") return input;
  return Object.fromEntries(
    Object.entries(input as Record<string, unknown>).map(([k, value]) =>
      typeof value === "string" && value.length > STORED_INPUT_MAX ? [k, `[${value.length} characters, not kept]`] : [k, value],
    ),
  );
}
