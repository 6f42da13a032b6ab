import * as v from "valibot";
import type { Env } from "../env";
import { completeText } from "../agents/complete";
import { PROVIDER_SETTINGS_HINT, resolveRoute } from "../agents/models";
import { ProviderError } from "./speech-providers";

/** Thrown when no language model is configured: the step waits with problem "no_model" instead of failing. */
export class NoModelError extends Error {
  constructor() {
    super(PROVIDER_SETTINGS_HINT);
  }
}

export function hasLanguageModel(env: Env): boolean {
  return resolveRoute(env, undefined) !== null;
}

/** Analysis answers are long (a summary, an outline, a report): more room and time than a chat title. */
const MAX_OUTPUT_TOKENS = 8000;
const TIMEOUT_MS = 180_000;

/** The JSON object in a model's answer, with or without a ```json fence or words around it. */
export function jsonIn(text: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  const body = (fenced ? fenced[1]! : text).trim();
  const start = body.indexOf("{");
  const end = body.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(body.slice(start, end + 1));
  } catch {
    return null;
  }
}

/** One answer of the configured model as text; provider failures are retryable ProviderErrors. */
export async function askText(env: Env, system: string, prompt: string): Promise<string> {
  const answer = await completeText(env, { system, prompt, maxOutputTokens: MAX_OUTPUT_TOKENS, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (answer.ok) return answer.text;
  if (answer.unavailable) throw new NoModelError();
  throw new ProviderError(`The language model failed: ${answer.error ?? "no answer"}`, true);
}

/**
 * Asks for a JSON object and checks it against `schema`. A model that answers something else is
 * asked once more; a second miss fails the step (asking the queue again would cost the same tokens).
 */
export async function askJson<S extends v.GenericSchema>(env: Env, schema: S, system: string, prompt: string): Promise<v.InferOutput<S>> {
  let problem = "";
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const parsed = v.safeParse(schema, jsonIn(await askText(env, system, prompt)));
    if (parsed.success) return parsed.output;
    problem = parsed.issues[0]?.message ?? "not JSON";
  }
  throw new ProviderError(`The language model's answer could not be read (${problem})`, false);
}
