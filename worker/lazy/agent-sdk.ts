// Everything of the AI SDK and its providers the Workers use, as one module that
// scripts/build-lazy-modules.ts builds apart from the Worker bundle (../lazy.ts says why).
export { generateText, isStepCount, jsonSchema, streamText } from "ai";
export { createAnthropic } from "@ai-sdk/anthropic";
export { createOpenAICompatible } from "@ai-sdk/openai-compatible";
export { createWorkersAI } from "workers-ai-provider";
