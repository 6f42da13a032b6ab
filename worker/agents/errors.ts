/** A provider answered a model call with an HTTP error (the wire protocols, wire.ts). */
export class ProviderHttpError extends Error {
  override readonly name = "ProviderHttpError";
  readonly statusCode: number;

  constructor(message: string, statusCode: number) {
    super(message);
    this.statusCode = statusCode;
  }
}

/**
 * The AI SDK's APICallError (the Workers AI and non-streamed paths), told by the marker the SDK
 * sets for exactly this check across copies of its package (`APICallError.isInstance`); reading
 * it here spares loading the SDK just to look at an error.
 */
const SDK_API_CALL_ERROR = Symbol.for("vercel.ai.error.AI_APICallError");

/** The HTTP status of a failed call to a provider: a number, undefined when no answer came, null when the error is no call failure at all. */
function callFailureStatus(err: unknown): number | undefined | null {
  if (err instanceof ProviderHttpError) return err.statusCode;
  if (typeof err === "object" && err !== null && (err as Record<symbol, unknown>)[SDK_API_CALL_ERROR] === true) {
    const status = (err as { statusCode?: unknown }).statusCode;
    return typeof status === "number" ? status : undefined;
  }
  return null;
}

/** A short, user-readable reason for a failed model call; never the provider's raw body or a key. */
export function describeProviderError(err: unknown): string {
  if (err instanceof Error && (err.name === "AbortError" || err.name === "TimeoutError")) return "The model did not answer in time.";
  const status = callFailureStatus(err);
  if (status !== null) {
    if (status === 401 || status === 403) return `The model provider refused the credentials (HTTP ${status}). Check the API key setting.`;
    if (status === 429) return "The model provider is rate limiting requests (HTTP 429). Please try again shortly.";
    if (status && status >= 500) return `The model provider failed (HTTP ${status}). Please try again.`;
    if (status) return `The model provider rejected the request (HTTP ${status}).`;
    return "Could not reach the model provider.";
  }
  const message = err instanceof Error ? err.message : String(err);
  return `The model reply failed: ${message.slice(0, 200)}`;
}
