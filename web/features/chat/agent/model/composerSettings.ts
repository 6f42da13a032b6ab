import { DEFAULT_MODEL, type ExecutionMode, type ModelOption } from "../../../../../contract";
import type { StreamKey } from "../../model/types";

export interface TabSettings {
  mode: ExecutionMode;
  model: string;
}

/** Spec 02 §4: the ask-only tab offers only Ask. */
export function modesFor(stream: StreamKey): ExecutionMode[] {
  return stream === "askOnly" ? ["ask"] : ["coding", "ask"];
}

/** Spec 02 §9: agent and discuss tabs start in Coding, ask-only in Ask. */
export function defaultMode(stream: StreamKey): ExecutionMode {
  return stream === "askOnly" ? "ask" : "coding";
}

/** Coding is forced back to Ask on the ask-only tab. */
export function forcedMode(stream: StreamKey, mode: ExecutionMode): ExecutionMode {
  return modesFor(stream).includes(mode) ? mode : "ask";
}

export function defaultSettings(stream: StreamKey): TabSettings {
  return { mode: defaultMode(stream), model: DEFAULT_MODEL };
}

/**
 * The options shown before (or instead of) the server's list: the models spec 02 §9 names. They
 * count as open, since without the list the room is the one to say a model is not configured.
 */
export const DEFAULT_MODELS: ModelOption[] = [
  { key: "claude-sonnet-4", name: "Claude Sonnet 4", isOpen: true },
  { key: "claude-sonnet-4.5", name: "Claude Sonnet 4.5", isOpen: true },
  { key: "claude-opus-4", name: "Claude Opus 4", isOpen: true },
  { key: "claude-opus-4.1", name: "Claude Opus 4.1", isOpen: true },
  { key: "gpt-5", name: "GPT-5", isOpen: true },
  { key: "gpt-5-mini", name: "GPT-5 mini", isOpen: true },
  { key: "gpt-5-nano", name: "GPT-5 nano", isOpen: true },
  { key: "qwen3-coder", name: "Qwen3 Coder", isOpen: true },
  { key: "grok-4", name: "Grok 4", isOpen: true },
  { key: "kimi-k2", name: "Kimi K2", isOpen: true },
];

/** `data.context_info.agent_config` of a request (spec 02 §3). */
export function agentConfig(stream: StreamKey, settings: TabSettings): { execution_mode: ExecutionMode; preferred_llm_model: string } {
  return { execution_mode: forcedMode(stream, settings.mode), preferred_llm_model: settings.model };
}
