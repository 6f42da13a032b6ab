import { APICallError } from "ai";

/** A short, user-readable reason for a failed model call; never the provider's raw body or a key. */
export function describeProviderError(err: unknown): string {
  if (err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError")) return "The model did not answer in time.";
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    if (status === 401 || status === 403) return `The model provider refused the credentials (HTTP ${status}). Check the API key setting.`;
    if (status === 429) return "The model provider is rate limiting requests (HTTP 429). Please try again shortly.";
    if (status && status >= 500) return `The model provider failed (HTTP ${status}). Please try again.`;
    if (status) return `The model provider rejected the request (HTTP ${status}).`;
    return "Could not reach the model provider.";
  }
  const message = err instanceof Error ? err.message : String(err);
  return `The model reply failed: ${message.slice(0, 200)}`;
}
