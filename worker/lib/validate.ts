import type { Context, Env, MiddlewareHandler, ValidationTargets } from "hono";
import { bodyLimit } from "hono/body-limit";
import { vValidator } from "@hono/valibot-validator";
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

/** The validators' hook: a refused input is a 400 with the first issue's text, never valibot's raw result. */
function refuse(result: { success: boolean; issues?: readonly v.BaseIssue<unknown>[] }): void {
  if (!result.success) throw new ApiError(400, firstIssue(result.issues ?? []));
}

function mediaTypeOf(c: Context): string {
  return (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * Requiring the JSON content type means a cross-site HTML form (which cannot send it without a
 * CORS preflight) can never reach a cookie-authenticated handler.
 */
function requireJsonType(c: Context): void {
  if (mediaTypeOf(c) !== "application/json") throw new ApiError(415, "Content-Type must be application/json");
}

/** Counts bytes as they arrive (or trusts a declared Content-Length), so a body never outgrows its cap in memory. */
function limitBytes(maxBytes: number): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, "Request body is too large");
    },
  });
}

/**
 * Parses the (already size-checked) body once; the validator that runs next reads Hono's cached
 * copy. valibot's object schemas take an array as an object, so `[]` would pass as `{}` wherever
 * every field is optional (and e.g. forward a whole discussion to the agent): every body is an object.
 */
async function readJsonObject(c: Context): Promise<unknown> {
  let input: unknown;
  try {
    input = await c.req.json();
  } catch {
    throw new ApiError(400, "Malformed JSON in request body");
  }
  if (typeof input !== "object" || input === null || Array.isArray(input)) throw new ApiError(400, "Request body must be a JSON object");
  return input;
}

/** A request that sends no body at all: no content type and no (or a zero) Content-Length. */
function hasNoBody(c: Context): boolean {
  return !c.req.header("content-type") && (c.req.header("content-length") ?? "0") === "0";
}

/** A route middleware whose validated input the handler's `c.req.valid(target)` is typed by. */
type Validated<Target extends keyof ValidationTargets, S extends v.GenericSchema, E extends Env, P extends string> = MiddlewareHandler<
  E,
  P,
  { in: { [K in Target]: v.InferInput<S> }; out: { [K in Target]: v.InferOutput<S> } }
>;

export interface JsonOptions {
  /** The body's cap in bytes (default 64 KiB). */
  maxBytes?: number;
  /** A body may be left out altogether (callers that POST nothing); it then validates as `{}`. */
  optional?: boolean;
}

/**
 * Route middleware for a JSON body: 415 unless it is JSON, 413 past `maxBytes` bytes, 400 when it is
 * malformed, not an object, or refused by `schema`; the handler reads it with `c.req.valid("json")`.
 */
export function json<S extends v.GenericSchema, E extends Env = Env, P extends string = string>(
  schema: S,
  options: JsonOptions = {},
): Validated<"json", S, E, P> {
  const validate = vValidator("json", schema, refuse) as MiddlewareHandler;
  const limit = limitBytes(options.maxBytes ?? MAX_JSON_BYTES);
  return async (c, next) => {
    // Without a JSON content type the validator checks `{}`, which is what an optional body means.
    if (options.optional && hasNoBody(c)) return validate(c, next);
    requireJsonType(c);
    return limit(c, async () => {
      await readJsonObject(c);
      await validate(c, next);
    });
  };
}

/** Hono hands a repeated query parameter over as an array; like `c.req.query()`, the first one counts. */
const FirstValues = v.pipe(
  v.record(v.string(), v.union([v.string(), v.array(v.string())])),
  v.transform((query) => Object.fromEntries(Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]))),
);

/** Route middleware for the query string; the handler reads it with `c.req.valid("query")`. */
export function query<S extends v.GenericSchema, E extends Env = Env, P extends string = string>(schema: S): Validated<"query", S, E, P> {
  return vValidator("query", v.pipe(FirstValues, schema as v.GenericSchema<Record<string, string | undefined>>), refuse) as MiddlewareHandler;
}

/** Route middleware for path parameters; the handler reads them with `c.req.valid("param")`. */
export function param<S extends v.GenericSchema, E extends Env = Env, P extends string = string>(schema: S): Validated<"param", S, E, P> {
  return vValidator("param", schema, refuse) as MiddlewareHandler;
}

/** A query read inside a shared helper rather than a route (e.g. the chat a message route names). */
export function queryOf<S extends v.GenericSchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseWith(schema, c.req.query());
}
