import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { createWorkersAI } from "workers-ai-provider";
import type { Env } from "../env";
import type { ModelRoute } from "./models";
import type { WireModel } from "./wire";

const ANTHROPIC_BASE_URL = "https://api.anthropic.com/v1";
const ANTHROPIC_VERSION = "2023-06-01";

/**
 * Provider clients are built once per isolate and setting (key, address), not per reply: a room
 * answering many members reuses them. The key is part of the cache key, so a rotated secret gets a
 * new client.
 */
const clients = new Map<string, (modelId: string) => LanguageModel>();

function cached(key: string, build: () => (modelId: string) => LanguageModel): (modelId: string) => LanguageModel {
  let client = clients.get(key);
  if (!client) {
    client = build();
    clients.set(key, client);
  }
  return client;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** The AI SDK model object for a route, for the non-streamed calls (completeText) and Workers AI. */
export function languageModel(env: Env, route: ModelRoute): LanguageModel {
  switch (route.provider) {
    case "anthropic": {
      const baseURL = env.ANTHROPIC_BASE_URL;
      return cached(`anthropic ${baseURL ?? ""} ${env.ANTHROPIC_API_KEY ?? ""}`, () =>
        createAnthropic({ apiKey: env.ANTHROPIC_API_KEY, ...(baseURL ? { baseURL } : {}) }),
      )(route.providerModelId);
    }
    case "openai":
      return cached(`openai ${env.OPENAI_BASE_URL ?? ""} ${env.OPENAI_API_KEY ?? ""}`, () =>
        createOpenAICompatible({ name: "openai-compatible", baseURL: env.OPENAI_BASE_URL ?? "", apiKey: env.OPENAI_API_KEY || undefined, includeUsage: true }),
      )(route.providerModelId);
    case "workers-ai":
      if (!env.AI) throw new Error("Workers AI binding AI is missing");
      // A binding is an object of this isolate; it is not cached across them.
      return createWorkersAI({ binding: env.AI })(route.providerModelId as never);
  }
}

/** A streamed chat call: spoken directly over HTTP for Anthropic and OpenAI-compatible endpoints, through the SDK for Workers AI. */
export type ChatModel = { kind: "wire"; wire: WireModel } | { kind: "sdk"; model: LanguageModel };

export function chatModel(env: Env, route: ModelRoute): ChatModel {
  switch (route.provider) {
    case "anthropic":
      return {
        kind: "wire",
        wire: {
          protocol: "anthropic",
          url: `${trimSlash(env.ANTHROPIC_BASE_URL || ANTHROPIC_BASE_URL)}/messages`,
          headers: { "content-type": "application/json", "x-api-key": env.ANTHROPIC_API_KEY ?? "", "anthropic-version": ANTHROPIC_VERSION },
          modelId: route.providerModelId,
          maxOutputTokens: route.maxOutputTokens,
        },
      };
    case "openai":
      return {
        kind: "wire",
        wire: {
          protocol: "openai",
          url: `${trimSlash(env.OPENAI_BASE_URL ?? "")}/chat/completions`,
          headers: { "content-type": "application/json", ...(env.OPENAI_API_KEY ? { authorization: `Bearer ${env.OPENAI_API_KEY}` } : {}) },
          modelId: route.providerModelId,
        },
      };
    case "workers-ai":
      return { kind: "sdk", model: languageModel(env, route) };
  }
}
