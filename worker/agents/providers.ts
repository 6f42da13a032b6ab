import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { createWorkersAI } from "workers-ai-provider";
import type { Env } from "../env";
import type { ModelRoute } from "./models";

/** The AI SDK model object for a route. One place knows how each provider is configured. */
export function languageModel(env: Env, route: ModelRoute): LanguageModel {
  switch (route.provider) {
    case "anthropic":
      return createAnthropic({ apiKey: env.ANTHROPIC_API_KEY, ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}) })(route.providerModelId);
    case "openai":
      return createOpenAICompatible({
        name: "openai-compatible",
        baseURL: env.OPENAI_BASE_URL ?? "",
        apiKey: env.OPENAI_API_KEY || undefined,
        includeUsage: true,
      })(route.providerModelId);
    case "workers-ai":
      if (!env.AI) throw new Error("Workers AI binding AI is missing");
      return createWorkersAI({ binding: env.AI })(route.providerModelId as never);
  }
}
