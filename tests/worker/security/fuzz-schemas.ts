import * as v from "valibot";
import { ClientFrame } from "../../../contract";
import { breakFields } from "./fuzz-bodies";
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
}

/**
 * Runs generated bodies and frames through the very schemas the routes and the room parse them
 * with, in this process: thousands per second, where a request through the Worker costs
 * milliseconds. Each must be refused, and none may make a schema throw.
 */
export function fuzzSchemas(r: Rng, w: World, count: number, tally: SchemaTally): void {
  const routes = FUZZ_ROUTES.filter((route) => route.schema);
  for (let i = 0; i < count; i += 1) {
    let input: unknown;
    let schema: v.GenericSchema;
    let label: string;
    if (i % 3 === 2) {
      const frame = nextFrame(r, w);
      if (typeof frame !== "string") continue;
      try {
        input = JSON.parse(frame);
      } catch {
        continue;
      }
      schema = ClientFrame;
      label = "frame";
    } else {
      const route = r.pick(routes);
      input = JSON.parse(JSON.stringify(breakFields(r, route.valid(w), route.fields, route.optional)));
      schema = route.schema!;
      label = `${route.method} ${route.path(w)}`;
    }
    tally.checked += 1;
    try {
      if (v.safeParse(schema, input).success && tally.accepted.length < 20) tally.accepted.push(`${label} ${JSON.stringify(input).slice(0, 200)}`);
    } catch (err) {
      if (tally.threw.length < 20) tally.threw.push(`${label} ${String(err).slice(0, 100)} ${JSON.stringify(input).slice(0, 200)}`);
    }
  }
}
