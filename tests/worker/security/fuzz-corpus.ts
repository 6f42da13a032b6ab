import type * as v from "valibot";
import { requiredOf, withFieldText } from "./fuzz-bodies";
import { FUZZ_ROUTES } from "./fuzz-routes";
import { NON_STRING_VARIANTS, STRING_VARIANTS, nastyString, wrongVariants, type FieldKind, type Rng, type ValueVariant } from "./fuzz-values";
import type { World } from "./world";

/** One HTTP request of the fuzz run. */
export interface FuzzRequest {
  method: string;
  url: string;
  contentType?: string;
  body?: string;
}

/**
 * A systematic input and what it proves once answered: coverage keys such as
 * `POST /api/group-chats · deep nesting` (a route and a mutation class) and
 * `POST /api/group-chats · name = number 1e308` (a field and one named nasty value).
 */
export interface Planned<T> {
  input: T;
  /** The mutation class, also the first coverage key's second half. */
  cls: string;
  covers: string[];
}

/** The ways brokenObjects breaks a JSON object (a body or a frame). */
export const OBJECT_CLASSES = ["field missing", "wrong value", "duplicate key", "extra field"];
/** Every way the corpus breaks a JSON body; each route gets each that applies to it. */
export const BODY_CLASSES = [...OBJECT_CLASSES, "malformed JSON", "not an object", "deep nesting", "wrong content type"];

export const key = (label: string, what: string) => `${label} · ${what}`;
export const routeLabel = (route: { method: string; path: (w: World) => string }, w: World) => `${route.method} ${route.path(w)}`;

/** Every named value: any string, or any other JSON value. */
export const ALL_VARIANTS: ValueVariant[] = [...STRING_VARIANTS, ...NON_STRING_VARIANTS];

/** Which of `classes` a shape allows: nothing to leave out without a required field, nothing to repeat in an empty body. */
export function classesOf(fields: Record<string, FieldKind>, valid: Record<string, unknown>, optional?: string[], classes = BODY_CLASSES): string[] {
  return classes.filter(
    (cls) =>
      (cls !== "field missing" || requiredOf(fields, optional).length > 0) && (cls !== "duplicate key" || Object.keys(fields).some((field) => field in valid)),
  );
}

/**
 * The broken JSON objects of one shape (a route's body or a frame): each required field left out,
 * each field given every value its kind can never take, each present field repeated with a wrong
 * second copy, and junk keys riding along a broken field. Written as text, so duplicates survive.
 */
export function* brokenObjects(
  r: Rng,
  label: string,
  valid: Record<string, unknown>,
  fields: Record<string, FieldKind>,
  optional?: string[],
): Generator<{ text: string; cls: string; covers: string[] }> {
  for (const field of requiredOf(fields, optional))
    yield { text: JSON.stringify({ ...valid, [field]: undefined }), cls: "field missing", covers: [key(label, `${field} missing`)] };
  const names = Object.keys(fields);
  for (const [i, field] of names.entries()) {
    const wrong = wrongVariants(fields[field]!);
    for (const value of wrong)
      yield { text: JSON.stringify({ ...valid, [field]: value.make(r) }), cls: "wrong value", covers: [key(label, `${field} = ${value.name}`)] };
    if (field in valid) {
      const second = wrong[i % wrong.length]!;
      yield { text: withFieldText(valid, field, JSON.stringify(second.make(r)), null), cls: "duplicate key", covers: [key(label, `${field} twice`)] };
    }
  }
  // A broken first field keeps the body invalid; the extra key alone could be ignored, as it may be.
  const broken = { ...valid, [names[0]!]: wrongVariants(fields[names[0]!]!)[0]!.make(r) };
  for (const extra of ["__proto__", "constructor", nastyString(r).slice(0, 64) || "extra"]) {
    const junk = JSON.stringify({ isAdmin: true, role: "owner", polluted: nastyString(r).slice(0, 256) });
    yield { text: withFieldText(broken, extra, junk, null), cls: "extra field", covers: [] };
  }
}

/** Cycles through `items` in order, one per call, across every caller that shares it. */
export function rotor<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

/**
 * For the in-process schema check (fuzz-schemas.ts): every broken object of every route whose body
 * schema is exported, each field with every named value its kind can never take. Thousands of
 * checks a second there, where the same through the Worker would cost a request each.
 */
export function schemaBodies(r: Rng, w: World): { schema: v.GenericSchema; label: string; text: string; covers: string[] }[] {
  return FUZZ_ROUTES.filter((route) => route.schema).flatMap((route) => {
    const label = routeLabel(route, w);
    return [...brokenObjects(r, label, route.valid(w), route.fields, route.optional)].map((o) => ({ schema: route.schema!, label, ...o }));
  });
}

/** What the in-process check must have covered: every field of every schema route with every value its kind can never take. */
export function requiredSchemaCoverage(w: World): string[] {
  return FUZZ_ROUTES.filter((route) => route.schema).flatMap((route) => requiredFieldKeys(routeLabel(route, w), route.valid(w), route.fields, route.optional));
}

/** The field-level keys of one shape: each required field missing, each field with each wrong value, each present field twice. */
export function requiredFieldKeys(label: string, valid: Record<string, unknown>, fields: Record<string, FieldKind>, optional?: string[]): string[] {
  return [
    ...requiredOf(fields, optional).map((field) => key(label, `${field} missing`)),
    ...Object.entries(fields).flatMap(([field, kind]) => wrongVariants(kind).map((value) => key(label, `${field} = ${value.name}`))),
    ...Object.keys(fields)
      .filter((field) => field in valid)
      .map((field) => key(label, `${field} twice`)),
  ];
}
