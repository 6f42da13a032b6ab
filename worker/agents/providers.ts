import type { LanguageModel } from "ai";
import type { Env } from "../env";
import type { ModelRoute } from "./models";
import type { WireModel } from "./wire";
import { loadAgentSdk } from "../lazy";

const ANTHROPIC_BASE_URL = "https://api.anthropic.com/v1";
const ANTHROPIC_VERSION = "2023-06-01";

/**
 * Provider clients are built once per isolate and setting (key, address), not per reply: a room
 * answering many members reuses them. The key is part of the cache key, so a rotated secret gets a
 * new client. The SDK's provider packages load on the first such call: streamed replies from
 * Anthropic and OpenAI-compatible endpoints never need them (wire.ts), and building their response
 * schemas at start cost every isolate heap and garbage-collection time.
 */
const clients = new Map<string, (modelId: string) => LanguageModel>();

async function cached(key: string, build: () => Promise<(modelId: string) => LanguageModel>): Promise<(modelId: string) => LanguageModel> {
  let client = clients.get(key);
  if (!client) {
    client = await build();
    clients.set(key, client);
  }
  return client;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** The AI SDK model object for a route, for the non-streamed calls (completeText) and Workers AI. */
export async function languageModel(env: Env, route: ModelRoute): Promise<LanguageModel> {
  switch (route.provider) {
    case "anthropic": {
      const baseURL = env.ANTHROPIC_BASE_URL;
      const client = await cached(`anthropic ${baseURL ?? ""} ${env.ANTHROPIC_API_KEY ?? ""}`, async () =>
        (await loadAgentSdk()).createAnthropic({ apiKey: env.ANTHROPIC_API_KEY, ...(baseURL ? { baseURL } : {}) }),
      );
      return client(route.providerModelId);
    }
    case "openai": {
      const client = await cached(`openai ${env.OPENAI_BASE_URL ?? ""} ${env.OPENAI_API_KEY ?? ""}`, async () =>
        (await loadAgentSdk()).createOpenAICompatible({
          name: "openai-compatible",
          baseURL: env.OPENAI_BASE_URL ?? "",
          apiKey: env.OPENAI_API_KEY || undefined,
          includeUsage: true,
        }),
      );
      return client(route.providerModelId);
    }
    case "workers-ai": {
      if (!env.AI) throw new Error("Workers AI binding AI is missing");
      const { createWorkersAI } = await loadAgentSdk();
      // A binding is an object of this isolate; it is not cached across them.
      return createWorkersAI({ binding: env.AI })(route.providerModelId as never);
    }
  }
}

/** The SDK model of a call that goes through the SDK, built (and the SDK loaded) when the call starts. */
export type LoadModel = () => Promise<LanguageModel>;

/** A streamed chat call: spoken directly over HTTP for Anthropic and OpenAI-compatible endpoints, through the SDK for Workers AI. */
export type ChatModel = { kind: "wire"; wire: WireModel } | { kind: "sdk"; load: LoadModel };

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
      return { kind: "sdk", load: () => languageModel(env, route) };
  }
}
