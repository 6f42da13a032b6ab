import { DEPTHS, MALFORMED, NON_OBJECTS, WRONG_TYPES, deepJson, requiredOf, withFieldText, type Nesting } from "./fuzz-bodies";
import { ALL_VARIANTS, classesOf, key, requiredFieldKeys, rotor, routeLabel, type FuzzRequest, type Planned } from "./fuzz-corpus";
import { FUZZ_QUERIES, FUZZ_ROUTES, type FuzzRoute } from "./fuzz-routes";
import { nastyString, wrongVariants, type FieldKind, type Rng, type ValueVariant } from "./fuzz-values";
import type { World } from "./world";

/**
 * The systematic HTTP corpus. Each request costs milliseconds of the Worker's time (the session
 * lookup alone), so it is planned to cover, not to multiply:
 * - every route gets every mutation class that applies to it, and every one of its fields broken,
 *   at least SLOTS_PER_FIELD times, each required one also left out;
 * - the named nasty values are dealt out over the fields of each kind, so each reaches the Worker
 *   at least once per kind. Where a route's body schema is exported, the in-process check
 *   (fuzz-schemas.ts) has already sent it every value on every field; the routes without one get
 *   every value on every field here;
 * - the variants of the route-independent classes (malformed texts, non-objects, content types,
 *   depths) are dealt out over the routes, each sent at least once;
 * - every read route's every parameter gets QUERY_SLOTS values alone, and all its parameters at once.
 */
const SLOTS_PER_FIELD = 3;
const PER_ROUTE = 2;
const QUERY_SLOTS = 4;
const EXTRA_KEYS = ["__proto__", "constructor", "a nasty key"];
const NESTINGS: Nesting[] = ["arrays", "objects"];
const DEEP_FIELDS = DEPTHS.flatMap((depth) => NESTINGS.map((nesting) => ({ depth, nesting })));

const JSON_TYPE = "application/json";
const kindKey = (kind: FieldKind, value: ValueVariant) => `${kind} field = ${value.name}`;
const queryText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** The wrong values the routes with an exported schema get over HTTP: each kind's values dealt out over its fields. */
function dealtValues(): Map<FuzzRoute, { field: string; kind: FieldKind; value: ValueVariant }[]> {
  const dealt = new Map<FuzzRoute, { field: string; kind: FieldKind; value: ValueVariant }[]>();
  const pairs = FUZZ_ROUTES.filter((route) => route.schema).flatMap((route) => Object.entries(route.fields).map(([field, kind]) => ({ route, field, kind })));
  for (const kind of new Set(pairs.map((p) => p.kind))) {
    const ofKind = pairs.filter((p) => p.kind === kind);
    const values = wrongVariants(kind);
    for (let i = 0; i < Math.max(ofKind.length * SLOTS_PER_FIELD, values.length); i += 1) {
      const { route, field } = ofKind[i % ofKind.length]!;
      dealt.set(route, [...(dealt.get(route) ?? []), { field, kind, value: values[i % values.length]! }]);
    }
  }
  return dealt;
}

/** Every planned request, in a fixed order; `r` only fills in the random parts of values. */
export function plannedRequests(r: Rng, w: World): Planned<FuzzRequest>[] {
  const out: Planned<FuzzRequest>[] = [];
  const dealt = dealtValues();
  const next = { malformed: rotor(MALFORMED), nonObject: rotor(NON_OBJECTS), type: rotor(WRONG_TYPES), depth: rotor(DEPTHS), deepField: rotor(DEEP_FIELDS) };
  for (const [i, route] of FUZZ_ROUTES.entries()) {
    const label = routeLabel(route, w);
    const valid = route.valid(w);
    const add = (body: string, cls: string, covers: string[] = [], contentType = JSON_TYPE) =>
      out.push({ input: { method: route.method, url: route.path(w), contentType, body }, cls, covers: [key(label, cls), ...covers] });
    const wrong = (field: string, value: ValueVariant, covers: string[]) =>
      add(JSON.stringify({ ...valid, [field]: value.make(r) }), "wrong value", [key(label, `${field} wrong`), ...covers]);
    const required = requiredOf(route.fields, route.optional);
    for (const field of required) add(JSON.stringify({ ...valid, [field]: undefined }), "field missing", [key(label, `${field} missing`)]);
    if (route.schema) for (const d of dealt.get(route) ?? []) wrong(d.field, d.value, [kindKey(d.kind, d.value)]);
    else
      for (const [field, kind] of Object.entries(route.fields))
        for (const value of wrongVariants(kind)) wrong(field, value, [key(label, `${field} = ${value.name}`), kindKey(kind, value)]);
    // One field repeated, its valid copy first: a parser that kept the first would see a valid body.
    const present = Object.keys(route.fields).filter((field) => field in valid);
    if (present.length) {
      const field = present[i % present.length]!;
      const values = wrongVariants(route.fields[field]!);
      add(withFieldText(valid, field, JSON.stringify(values[i % values.length]!.make(r)), null), "duplicate key");
    }
    // Junk riding along a broken first field: the junk alone could rightly be ignored.
    const first = Object.keys(route.fields)[0]!;
    const extra = EXTRA_KEYS[i % EXTRA_KEYS.length]!;
    const junk = JSON.stringify({ isAdmin: true, role: "owner", polluted: nastyString(r).slice(0, 256) });
    const broken = { ...valid, [first]: wrongVariants(route.fields[first]!)[0]!.make(r) };
    add(withFieldText(broken, extra === "a nasty key" ? nastyString(r).slice(0, 64) || "extra" : extra, junk, null), "extra field", [`extra key ${extra}`]);
    for (let k = 0; k < PER_ROUTE; k += 1) {
      const text = next.malformed();
      add(text, "malformed JSON", [`malformed ${JSON.stringify(text)}`]);
      const value = next.nonObject();
      add(value, "not an object", [`not an object ${value}`]);
      // The valid body under a type that is not JSON: a form post from another site looks like this.
      const type = next.type();
      add(JSON.stringify(valid), "wrong content type", [`content type ${JSON.stringify(type)}`], type);
    }
    // Nested objects as the whole body would be an unknown key, which a route may ignore.
    const depth = next.depth();
    add(deepJson(depth, "arrays"), "deep nesting", [`deep body ${depth}`]);
    for (const field of required) {
      const d = next.deepField();
      add(withFieldText(valid, field, deepJson(d.depth, d.nesting)), "deep nesting", [`deep field ${d.depth} ${d.nesting}`]);
    }
  }
  return [...out, ...plannedQueries(r, w)];
}

/** Every read route's parameters, each alone with QUERY_SLOTS values dealt out of the named ones, then all at once. */
function plannedQueries(r: Rng, w: World): Planned<FuzzRequest>[] {
  const out: Planned<FuzzRequest>[] = [];
  const next = rotor(ALL_VARIANTS);
  for (const q of FUZZ_QUERIES) {
    const label = `GET ${q.path(w)}`;
    const add = (params: Record<string, string>, what: string, covers: string[]) =>
      out.push({ input: { method: "GET", url: `${q.path(w)}?${new URLSearchParams(params)}` }, cls: "query value", covers: [key(label, what), ...covers] });
    for (const param of q.params)
      for (let k = 0; k < QUERY_SLOTS; k += 1) {
        const value = next();
        add({ [param]: queryText(value.make(r)) }, param, [`query = ${value.name}`]);
      }
    const all = q.params.map((param) => ({ param, value: next() }));
    add(
      Object.fromEntries(all.map(({ param, value }) => [param, queryText(value.make(r))])),
      "all parameters",
      all.map(({ value }) => `query = ${value.name}`),
    );
  }
  return out;
}

/**
 * What the HTTP corpus must have covered, listed from the route tables and the value catalogue
 * alone (not from the plan above), whatever FUZZ_RUNS is.
 */
export function requiredHttpCoverage(w: World): string[] {
  const keys: string[] = [];
  const schemaKinds = new Set<FieldKind>();
  for (const route of FUZZ_ROUTES) {
    const label = routeLabel(route, w);
    const valid = route.valid(w);
    keys.push(...classesOf(route.fields, valid, route.optional).map((cls) => key(label, cls)));
    keys.push(...Object.keys(route.fields).map((field) => key(label, `${field} wrong`)));
    if (route.schema) {
      keys.push(...requiredOf(route.fields, route.optional).map((field) => key(label, `${field} missing`)));
      for (const kind of Object.values(route.fields)) schemaKinds.add(kind);
    } else keys.push(...requiredFieldKeys(label, {}, route.fields, route.optional));
  }
  for (const kind of schemaKinds) keys.push(...wrongVariants(kind).map((value) => kindKey(kind, value)));
  keys.push(
    ...EXTRA_KEYS.map((extra) => `extra key ${extra}`),
    ...MALFORMED.map((text) => `malformed ${JSON.stringify(text)}`),
    ...NON_OBJECTS.map((text) => `not an object ${text}`),
    ...WRONG_TYPES.map((type) => `content type ${JSON.stringify(type)}`),
    ...DEPTHS.map((depth) => `deep body ${depth}`),
    ...DEEP_FIELDS.map((d) => `deep field ${d.depth} ${d.nesting}`),
  );
  for (const q of FUZZ_QUERIES) keys.push(...[...q.params, "all parameters"].map((what) => key(`GET ${q.path(w)}`, what)));
  keys.push(...ALL_VARIANTS.map((value) => `query = ${value.name}`));
  return keys;
}
