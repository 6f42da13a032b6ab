import type { Context } from "hono";
import * as v from "valibot";
import { ApiError } from "./envelope";

/** JSON bodies of this API are small; anything bigger is a mistake or an attack. */
const MAX_JSON_BYTES = 64 * 1024;

function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0];
  if (!issue) return "Invalid request";
  const path = issue.path?.map((p) => String(p.key)).join(".");
  // valibot's own default texts ("Invalid type: Expected string but received 1") need the field
  // name; the contract's texts ("Invalid invite code") are already what the user should read.
  return /^Invalid \w+: /.test(issue.message) && path ? `${path}: ${issue.message}` : issue.message;
}

export function parseWith<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new ApiError(400, firstIssue(result.issues));
  return result.output;
}

/**
 * Reads and validates a JSON body. Requiring the JSON content type means a cross-site HTML form
 * (which cannot send it without a CORS preflight) can never reach a cookie-authenticated handler.
 */
export async function jsonBody<S extends v.GenericSchema>(c: Context, schema: S, maxBytes = MAX_JSON_BYTES): Promise<v.InferOutput<S>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) throw new ApiError(415, "Content-Type must be application/json");
  const text = await c.req.text();
  if (text.length > maxBytes) throw new ApiError(413, "Request body is too large");
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    throw new ApiError(400, "Malformed JSON in request body");
  }
  // valibot's object schemas take an array as an object, so `[]` would pass as `{}` wherever every
  // field is optional (and e.g. forward a whole discussion to the agent). Every body here is an object.
  if (typeof input !== "object" || input === null || Array.isArray(input)) throw new ApiError(400, "Request body must be a JSON object");
  return parseWith(schema, input);
}

export function queryOf<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseWith(schema, c.req.query());
}
