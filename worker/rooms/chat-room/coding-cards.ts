import type { ModelMessage, ToolResultPart } from "ai";
import type { StatusUpdateContent, ToolCardDetails } from "../../../contract";
import type { ToolCall } from "../../agents/stream";

const ARGS_SHOWN = 160;

/** The argument that says what a call does, for cards and approval questions. */
export function shortArgs(input: unknown): string {
  const o = (input ?? {}) as Record<string, unknown>;
  const main = o.command ?? o.path ?? o.query ?? o.message;
  const text = typeof main === "string" ? main : JSON.stringify(input ?? {});
  return text.length > ARGS_SHOWN ? `${text.slice(0, ARGS_SHOWN)}…` : text;
}

export function cardContent(details: ToolCardDetails): string {
  const tail =
    details.status === "running"
      ? "running…"
      : details.status === "awaiting_approval"
        ? "awaiting approval"
        : [
            details.status === "done" ? null : details.status,
            details.result,
            details.durationMs !== null ? `${(details.durationMs / 1000).toFixed(1)} s` : null,
          ]
            .filter(Boolean)
            .join(" · ");
  const card: StatusUpdateContent = {
    update_type: "tool_execution_result",
    content: { display_to_user: `${details.tool} ${details.args} — ${tail}`, details },
  };
  return JSON.stringify(card);
}

export function toolResult(call: ToolCall, output: string): ModelMessage {
  const part: ToolResultPart = { type: "tool-result", toolCallId: call.toolCallId, toolName: call.toolName, output: { type: "text", value: output } };
  return { role: "tool", content: [part] };
}
