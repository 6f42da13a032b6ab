import { isStepCount, streamText, type LanguageModel, type ModelMessage, type ToolSet } from "ai";
import { describeProviderError } from "./errors";

export interface StreamRequest {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  tools?: ToolSet;
  /** Aborted by pause. */
  signal: AbortSignal;
  /** No token for this long ends the reply as timed out. */
  idleTimeoutMs: number;
  onText(delta: string): void;
  /** Tools without `execute` end the call with their calls (the coding agent executes them itself). */
  onToolCall?(call: ToolCall): void;
  /** Model calls in this answer; tools with `execute` loop until this many. */
  maxSteps?: number;
}

export interface ToolCall {
  toolCallId: string;
  toolName: string;
  input: unknown;
}

export type StreamOutcome = { status: "done" } | { status: "paused" } | { status: "error"; error: string };

const MAX_STEPS = 4;

/**
 * Drives one streamed model answer, tool calls included, and turns every way it can end (finish,
 * pause, provider error, a stream that stops or goes silent) into one outcome. Never throws.
 */
export async function streamAnswer(req: StreamRequest): Promise<StreamOutcome> {
  const idle = new AbortController();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const touch = () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), req.idleTimeoutMs);
  };
  let failure: string | null = null;
  try {
    touch();
    const result = streamText({
      model: req.model,
      system: req.system,
      messages: req.messages,
      tools: req.tools,
      stopWhen: isStepCount(req.maxSteps ?? MAX_STEPS),
      maxRetries: 0,
      abortSignal: AbortSignal.any([req.signal, idle.signal]),
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      touch();
      if (part.type === "text-delta" && part.text) req.onText(part.text);
      else if (part.type === "tool-call" && req.onToolCall) req.onToolCall({ toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
      else if (part.type === "error") failure ??= describeProviderError(part.error);
      // With onToolCall the caller executes the calls and reports bad ones back to the model itself.
      else if (part.type === "tool-error" && !req.onToolCall) failure ??= `A tool failed: ${describeProviderError(part.error)}`;
      else if (part.type === "abort") break;
    }
  } catch (err) {
    if (!req.signal.aborted && !idle.signal.aborted) failure ??= describeProviderError(err);
  } finally {
    if (timer !== null) clearTimeout(timer);
  }
  if (req.signal.aborted) return { status: "paused" };
  if (idle.signal.aborted) return { status: "error", error: "The model stopped answering (no reply for a while). Please try again." };
  return failure ? { status: "error", error: failure } : { status: "done" };
}
