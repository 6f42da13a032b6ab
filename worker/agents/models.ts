import { DEFAULT_MODEL, type ModelOption } from "../../contract";
import type { Env } from "../env";

export type ProviderKind = "anthropic" | "openai" | "workers-ai";

/** A model the selector can show and the provider id it is called by. */
export interface ModelRoute {
  key: string;
  name: string;
  provider: ProviderKind;
  providerModelId: string;
  /** Whether the model reads images (AI SDK image parts); a model that cannot is told an image was attached instead. */
  vision: boolean;
  /** The most the model may write in one answer (Anthropic's max_tokens, which the API requires). */
  maxOutputTokens?: number;
}

interface CatalogueEntry {
  key: string;
  name: string;
  /** Claude models go to Anthropic when its key is set; everything goes to an OpenAI-compatible endpoint otherwise. */
  family: "anthropic" | "other";
  anthropicId?: string;
  vision: boolean;
  maxOutputTokens?: number;
}

/** The models spec 02 §9 lists, default first. */
const CATALOGUE: CatalogueEntry[] = [
  { key: "claude-sonnet-4", name: "Claude Sonnet 4", family: "anthropic", anthropicId: "claude-sonnet-4-20250514", vision: true, maxOutputTokens: 64_000 },
  { key: "claude-sonnet-4.5", name: "Claude Sonnet 4.5", family: "anthropic", anthropicId: "claude-sonnet-4-5", vision: true, maxOutputTokens: 64_000 },
  { key: "claude-opus-4", name: "Claude Opus 4", family: "anthropic", anthropicId: "claude-opus-4-20250514", vision: true, maxOutputTokens: 32_000 },
  { key: "claude-opus-4.1", name: "Claude Opus 4.1", family: "anthropic", anthropicId: "claude-opus-4-1", vision: true, maxOutputTokens: 32_000 },
  // The GPT-5 family takes image input like gpt-4o.
  { key: "gpt-5", name: "GPT-5", family: "other", vision: true },
  { key: "gpt-5-mini", name: "GPT-5 mini", family: "other", vision: true },
  { key: "gpt-5-nano", name: "GPT-5 nano", family: "other", vision: true },
  { key: "qwen3-coder", name: "Qwen3 Coder", family: "other", vision: false },
  { key: "grok-4", name: "Grok 4", family: "other", vision: false },
  { key: "kimi-k2", name: "Kimi K2", family: "other", vision: false },
];

/**
 * Models configured beyond the catalogue (OPENAI_MODELS) are known only by name: Claude and the
 * gpt-4o class (gpt-4o, gpt-4.1, gpt-5, also behind a gateway prefix like `openai/`) read images.
 */
const VISION_NAME = /(^|\/)(claude|gpt-4o|gpt-4\.1|gpt-5)/i;

function visionByName(...names: string[]): boolean {
  return names.some((n) => VISION_NAME.test(n));
}

const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.1-8b-instruct";

/** The settings a user fills to get answers; named in the system alert when nothing is configured. */
export const PROVIDER_SETTINGS_HINT =
  "No language model is configured. Set ANTHROPIC_API_KEY, or OPENAI_BASE_URL (with OPENAI_API_KEY) for an OpenAI-compatible endpoint, in .dev.vars (or as Worker secrets), or add a Workers AI binding named AI.";

/** `OPENAI_MODELS=gpt-5,llama3.1=llama3.1:8b` → key → provider id. */
function openAiModels(env: Env): Map<string, string> | null {
  if (!env.OPENAI_MODELS?.trim()) return null;
  const out = new Map<string, string>();
  for (const item of env.OPENAI_MODELS.split(",")) {
    const [key, id] = item.split("=").map((s) => s.trim());
    if (key) out.set(key, id || key);
  }
  return out;
}

/** Every model that can answer with the current settings, default first. */
export function openRoutes(env: Env): ModelRoute[] {
  const routes: ModelRoute[] = [];
  const hasAnthropic = Boolean(env.ANTHROPIC_API_KEY);
  const openAi = env.OPENAI_BASE_URL ? openAiModels(env) : undefined;
  for (const entry of CATALOGUE) {
    if (entry.family === "anthropic" && hasAnthropic) {
      routes.push({
        key: entry.key,
        name: entry.name,
        provider: "anthropic",
        providerModelId: entry.anthropicId ?? entry.key,
        vision: entry.vision,
        maxOutputTokens: entry.maxOutputTokens,
      });
    } else if (openAi !== undefined) {
      // Without an explicit list, an OpenAI-compatible endpoint (OpenRouter, a gateway) is assumed to serve
      // the non-Claude models, and the Claude ones too when Anthropic itself is not configured.
      const id = openAi ? openAi.get(entry.key) : entry.key;
      if (id) routes.push({ key: entry.key, name: entry.name, provider: "openai", providerModelId: id, vision: entry.vision });
    }
  }
  if (openAi) {
    for (const [key, id] of openAi) {
      if (!routes.some((r) => r.key === key)) routes.push({ key, name: key, provider: "openai", providerModelId: id, vision: visionByName(key, id) });
    }
  }
  if (env.AI) {
    const id = env.WORKERS_AI_MODEL || DEFAULT_WORKERS_AI_MODEL;
    // Workers AI's text-generation models (and its provider package) take text only.
    routes.push({ key: id, name: `${id.split("/").pop()} (Workers AI)`, provider: "workers-ai", providerModelId: id, vision: false });
  }
  return routes;
}

/** The selector's list: the spec's models (open where configured) plus any extra configured ones. */
export function modelOptions(env: Env, defaultModel = DEFAULT_MODEL): ModelOption[] {
  const open = openRoutes(env);
  const openKeys = new Set(open.map((r) => r.key));
  const options: ModelOption[] = CATALOGUE.map((e) => ({ name: e.name, key: e.key, isOpen: openKeys.has(e.key) }));
  for (const r of open) if (!options.some((o) => o.key === r.key)) options.push({ name: r.name, key: r.key, isOpen: true });
  // The requested default goes first, as the selector shows the first entry when nothing was chosen.
  const i = options.findIndex((o) => o.key === defaultModel);
  if (i > 0) options.unshift(...options.splice(i, 1));
  return options;
}

/** The route for a requested model: that model if it can answer, else the default, else the first open one. */
export function resolveRoute(env: Env, requested: string | undefined): ModelRoute | null {
  const open = openRoutes(env);
  return open.find((r) => r.key === requested) ?? open.find((r) => r.key === DEFAULT_MODEL) ?? open[0] ?? null;
}

/** Whether the model a run will actually use (after resolveRoute's fallbacks) reads images. */
export function modelAcceptsImages(env: Env, modelKey: string | undefined): boolean {
  return resolveRoute(env, modelKey)?.vision ?? false;
}
