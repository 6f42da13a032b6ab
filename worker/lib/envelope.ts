import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ApiEnvelope } from "../../contract";

/** A refusal with the status and the text the user should see; thrown anywhere below a handler. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    /** A business code when the spec names one; otherwise the status. */
    readonly code: number = status,
    /** Details a client acts on, e.g. `{code: "LAST_AGENT_GROUP"}`. */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
  }
}

export function ok<T>(c: Context, data: T) {
  return c.json<ApiEnvelope<T>>({ code: 200, data, message: "ok" }, 200);
}

export function fail(c: Context, status: ContentfulStatusCode, message: string, code: number = status, data: Record<string, unknown> | null = null) {
  return c.json<ApiEnvelope<Record<string, unknown> | null>>({ code, data, message }, status);
}

export const SERVER_FAULT = "Internal Server Error - Please check the server logs";
