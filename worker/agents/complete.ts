import type { Env } from "../env";
import { PROVIDER_SETTINGS_HINT, resolveRoute } from "./models";
import { languageModel } from "./providers";
import { describeProviderError } from "./errors";
import { loadAgentSdk } from "../lazy";

export interface CompleteRequest {
  system: string;
  prompt: string;
  model?: string;
  maxOutputTokens?: number;
  signal?: AbortSignal;
}

/** `unavailable` names the setting to fill when no provider is configured; `error` is a provider failure. */
export type CompleteResult = { ok: true; text: string } | { ok: false; unavailable?: string; error?: string };

/** One non-streaming answer from the configured model, for small server-side tasks (skill recommendations). */
export async function completeText(env: Env, req: CompleteRequest): Promise<CompleteResult> {
  const route = resolveRoute(env, req.model);
  if (!route) return { ok: false, unavailable: PROVIDER_SETTINGS_HINT };
  try {
    const [{ generateText }, model] = await Promise.all([loadAgentSdk(), languageModel(env, route)]);
    const result = await generateText({
      model,
      system: req.system,
      prompt: req.prompt,
      maxOutputTokens: req.maxOutputTokens ?? 400,
      maxRetries: 0,
      abortSignal: req.signal ?? AbortSignal.timeout(20_000),
    });
    return { ok: true, text: result.text };
  } catch (err) {
    return { ok: false, error: describeProviderError(err) };
  }
}
