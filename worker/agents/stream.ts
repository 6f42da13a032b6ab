import type { ModelMessage, ToolResultPart } from "ai";
import { sdkToolSet, type AgentTools } from "./agent-tools";
import { describeProviderError } from "./errors";
import type { ChatModel, LoadModel } from "./providers";
import { callWire, toolSpecs, type WireModel, type WirePart, type WireProtocol } from "./wire";
import { anthropicWire } from "./wire-anthropic";
import { openAiWire } from "./wire-openai";
import { loadAgentSdk } from "../lazy";

export interface StreamRequest {
  model: ChatModel;
  system: string;
  messages: ModelMessage[];
  tools?: AgentTools;
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
const PROTOCOLS: Record<WireModel["protocol"], WireProtocol> = { anthropic: anthropicWire, openai: openAiWire };

/** What a step loop reports: null when the answer finished, else why it failed. */
type Failure = string | null;

async function executeTool(tools: AgentTools | undefined, call: ToolCall, messages: ModelMessage[], signal: AbortSignal): Promise<ToolResultPart | string> {
  const execute = tools?.[call.toolName]?.execute;
  if (!execute) return `A tool failed: there is no tool named ${call.toolName}.`;
  if (typeof call.input !== "object" || call.input === null) return `A tool failed: the input of ${call.toolName} is not valid JSON.`;
  try {
    const output: unknown = await execute(call.input as Record<string, unknown>, { toolCallId: call.toolCallId, messages, abortSignal: signal });
    const value = typeof output === "string" ? { type: "text" as const, value: output } : { type: "json" as const, value: output as never };
    return { type: "tool-result", toolCallId: call.toolCallId, toolName: call.toolName, output: value };
  } catch (err) {
    return `A tool failed: ${describeProviderError(err)}`;
  }
}

/**
 * Up to maxSteps model calls over the wire. Tools with `execute` run between calls and their
 * results go back to the model; with onToolCall the calls are handed to the caller and the answer ends.
 */
async function wireSteps(req: StreamRequest, wire: WireModel, signal: AbortSignal, touch: () => void): Promise<Failure> {
  const messages = [...req.messages];
  const tools = toolSpecs(req.tools);
  for (let step = 0; step < (req.maxSteps ?? MAX_STEPS); step += 1) {
    let text = "";
    let failure: Failure = null;
    const calls: ToolCall[] = [];
    await callWire(PROTOCOLS[wire.protocol], wire, { system: req.system, messages, tools }, signal, (part: WirePart) => {
      touch();
      if (part.type === "text") {
        text += part.text;
        req.onText(part.text);
      } else if (part.type === "tool-call") {
        const call = { toolCallId: part.toolCallId, toolName: part.toolName, input: part.input };
        calls.push(call);
        req.onToolCall?.(call);
      } else if (part.type === "error") failure ??= describeProviderError(part.error);
    });
    if (failure || req.onToolCall || calls.length === 0) return failure;
    const results: ToolResultPart[] = [];
    for (const call of calls) {
      const result = await executeTool(req.tools, call, messages, signal);
      if (typeof result === "string") return result;
      results.push(result);
    }
    messages.push(
      { role: "assistant", content: [...(text ? [{ type: "text" as const, text }] : []), ...calls.map((c) => ({ type: "tool-call" as const, ...c }))] },
      { role: "tool", content: results },
    );
  }
  return null;
}

/** Workers AI has no HTTP stream of its own to read: its calls go through the SDK's streamText, loaded on first use. */
async function sdkSteps(req: StreamRequest, load: LoadModel, signal: AbortSignal, touch: () => void): Promise<Failure> {
  let failure: Failure = null;
  const [{ isStepCount, streamText }, model, tools] = await Promise.all([loadAgentSdk(), load(), sdkToolSet(req.tools)]);
  const result = streamText({
    model,
    system: req.system,
    messages: req.messages,
    tools,
    stopWhen: isStepCount(req.maxSteps ?? MAX_STEPS),
    maxRetries: 0,
    abortSignal: signal,
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
  return failure;
}

/**
 * Drives one streamed model answer, tool calls included, and turns every way it can end (finish,
 * pause, provider error, a stream that stops or goes silent) into one outcome. Never throws.
 */
export async function streamAnswer(req: StreamRequest): Promise<StreamOutcome> {
  const idle = new AbortController();
  // One timer for the whole answer, not one per token: it looks at when the last part came.
  let lastPartAt = Date.now();
  const touch = () => {
    lastPartAt = Date.now();
  };
  let timer: ReturnType<typeof setTimeout> | null = null;
  const watch = (wait: number) => {
    timer = setTimeout(() => {
      const quiet = Date.now() - lastPartAt;
      if (quiet >= req.idleTimeoutMs) idle.abort();
      else watch(req.idleTimeoutMs - quiet);
    }, wait);
  };
  let failure: Failure = null;
  try {
    watch(req.idleTimeoutMs);
    const signal = AbortSignal.any([req.signal, idle.signal]);
    failure = req.model.kind === "wire" ? await wireSteps(req, req.model.wire, signal, touch) : await sdkSteps(req, req.model.load, signal, touch);
  } catch (err) {
    if (!req.signal.aborted && !idle.signal.aborted) failure ??= describeProviderError(err);
  } finally {
    if (timer !== null) clearTimeout(timer);
  }
  if (req.signal.aborted) return { status: "paused" };
  if (idle.signal.aborted) return { status: "error", error: "The model stopped answering (no reply for a while). Please try again." };
  return failure ? { status: "error", error: failure } : { status: "done" };
}
