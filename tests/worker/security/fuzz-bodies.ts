import { nastyString, nastyValue, wrongFor, type FieldKind, type Rng } from "./fuzz-values";

/** One generated HTTP body: its text and the content type it is sent with. */
export interface FuzzBody {
  text: string;
  contentType: string;
}

/**
 * Breaks one or more fields of a valid object: each chosen field is removed (if required) or
 * given a value of the wrong kind, and extra junk fields may ride along. At least one field is
 * always broken, so the result can never be valid.
 */
export function breakFields(r: Rng, valid: Record<string, unknown>, fields: Record<string, FieldKind>, optional: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = { ...valid };
  const names = Object.keys(fields);
  const count = 1 + r.int(Math.min(names.length, 3));
  for (let i = 0; i < count; i += 1) {
    const name = r.pick(names);
    if (!optional.includes(name) && r.next() < 0.25) delete out[name];
    else out[name] = wrongFor(fields[name]!, r);
  }
  if (r.next() < 0.3) out[nastyString(r).slice(0, 64) || "extra"] = nastyValue(r);
  return out;
}

export const MALFORMED = ["{", '{"a":', "not json", "", "{'a':1}", '{"a":1,}', "[1,2", "\u0000", '{"a":"\\u12"}', "1e999999", '{"__proto__":'];
export const NON_OBJECTS = ["null", "[]", "42", '"text"', "true", "-0", "[{}]"];
// Not JSON types: a route may rightly read `application/…+json` or `text/json` as JSON.
export const WRONG_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "",
  "application/octet-stream",
  "text/html",
];
export const DEPTHS = [100, 1000, 10_000];
export type Nesting = "arrays" | "objects";

/** The fields a body must have. */
export const requiredOf = (fields: Record<string, unknown>, optional: string[] = []) => Object.keys(fields).filter((f) => !optional.includes(f));

/** Nesting `depth` deep, built as text (no recursion on our side), up to depths that break naive parsers. */
export function deepJson(depth: number, nesting: Nesting): string {
  return nesting === "arrays" ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

/**
 * `valueJson` as the value of `field` in an otherwise valid body, written last. When another field
 * (or none, null) is `dropped` instead, `field` keeps its valid value too and appears twice: a
 * parser that took the first copy instead of the last would see a valid body.
 */
export function withFieldText(valid: Record<string, unknown>, field: string, valueJson: string, dropped: string | null = field): string {
  const rest = JSON.stringify(dropped === null ? valid : { ...valid, [dropped]: undefined }).slice(1, -1);
  return `{${rest}${rest ? "," : ""}${JSON.stringify(field)}:${valueJson}}`;
}

/**
 * A deep body at random: nested arrays as the whole body, or either nesting as a required field's
 * value (nesting under an unknown key alone would be a valid body for a route whose fields are all optional).
 */
function randomDeep(r: Rng, valid: Record<string, unknown>, fields: Record<string, unknown>, optional?: string[]): string {
  const depth = r.pick(DEPTHS);
  const deep = deepJson(depth, r.next() < 0.5 ? "arrays" : "objects");
  const required = requiredOf(fields, optional);
  if (!required.length || r.next() < 0.5) return deepJson(depth, "arrays");
  return withFieldText(valid, r.pick(required), deep, r.pick(required));
}

/** A body for a route with a valid shape `valid`: broken fields, malformed JSON, non-objects, deep nesting, or the right JSON under the wrong type. */
export function fuzzBody(r: Rng, valid: Record<string, unknown>, fields: Record<string, FieldKind>, optional?: string[]): FuzzBody {
  const json = "application/json";
  const roll = r.int(20);
  if (roll < 12) return { text: JSON.stringify(breakFields(r, valid, fields, optional)), contentType: json };
  if (roll < 14) return { text: r.pick(MALFORMED), contentType: json };
  if (roll < 16) return { text: r.pick(NON_OBJECTS), contentType: json };
  if (roll < 17) return { text: randomDeep(r, valid, fields, optional), contentType: json };
  // The valid body under a type that is not JSON: a form post from another site looks like this.
  return { text: JSON.stringify(valid), contentType: r.pick(WRONG_TYPES) };
}

/** A query value: anything a URL can carry. */
export function fuzzQueryValue(r: Rng): string {
  const v = nastyValue(r);
  return typeof v === "string" ? v : JSON.stringify(v);
}
