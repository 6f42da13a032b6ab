import * as v from "valibot";
import { ClientFrame } from "../../../contract";
import { breakFields } from "./fuzz-bodies";
import { schemaBodies, type Planned } from "./fuzz-corpus";
import { nextFrame } from "./fuzz-frames";
import { FUZZ_ROUTES } from "./fuzz-routes";
import type { Rng } from "./fuzz-values";
import type { World } from "./world";

export interface SchemaTally {
  checked: number;
  /** Generated bodies or frames a schema accepted: the generator's promise of "always invalid" broken. */
  accepted: string[];
  /** A schema that threw instead of refusing: the route would answer 500. */
  threw: string[];
  /** Coverage keys of the checked corpus bodies. */
  covered: Set<string>;
}

function check(schema: v.GenericSchema, input: unknown, label: string, tally: SchemaTally): void {
  tally.checked += 1;
  try {
    if (v.safeParse(schema, input).success && tally.accepted.length < 20) tally.accepted.push(`${label} ${JSON.stringify(input).slice(0, 200)}`);
  } catch (err) {
    if (tally.threw.length < 20) tally.threw.push(`${label} ${String(err).slice(0, 100)} ${JSON.stringify(input).slice(0, 200)}`);
  }
}

/** The JSON a text holds, or undefined for text that is not JSON (the routes refuse that before any schema). */
function parsed(text: string | ArrayBuffer | undefined): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Runs bodies and frames through the very schemas the routes and the room parse them with, in this
 * process: thousands per second, where a request through the Worker costs milliseconds. First every
 * broken object of every route with an exported schema (each field with every value it can never
 * take, fuzz-corpus.ts) and every planned frame, then `random` generated ones. Each must be refused,
 * and none may make a schema throw.
 */
export function fuzzSchemas(r: Rng, w: World, frames: Planned<string | ArrayBuffer>[], random: number, tally: SchemaTally): void {
  for (const body of schemaBodies(r, w)) {
    check(body.schema, JSON.parse(body.text), body.label, tally);
    for (const k of body.covers) tally.covered.add(k);
  }
  for (const p of frames) {
    const input = parsed(p.input);
    if (input !== undefined) check(ClientFrame, input, "frame", tally);
  }
  const routes = FUZZ_ROUTES.filter((route) => route.schema);
  for (let i = 0; i < random; i += 1) {
    if (i % 3 === 2) {
      const input = parsed(nextFrame(r, w));
      if (input !== undefined) check(ClientFrame, input, "frame", tally);
    } else {
      const route = r.pick(routes);
      const input = JSON.parse(JSON.stringify(breakFields(r, route.valid(w), route.fields, route.optional)));
      check(route.schema!, input, `${route.method} ${route.path(w)}`, tally);
    }
  }
}
