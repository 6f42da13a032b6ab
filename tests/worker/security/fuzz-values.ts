/** A small seeded PRNG (mulberry32): the same seed gives the same run, so a failure can be replayed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}
export type Rng = ReturnType<typeof prng>;

/** Strings no id, code, picklist member or e-mail of ours can ever be. */
const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "\u0000\u0001\u0002\u001f\u007f",
  "\r\n\r\nX-Injected: 1",
  "\u202eevil\u202c",
  "\u200b\u200d\ufeff",
  "\ud800",
  "\udfff\ud800",
  "𝕬𝖑𝖎𝖈𝖊 🧨 ﷽ ᚠ 漢字",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00%2e%2e%2f",
  "' OR 1=1 --",
  '"; DROP TABLE user; --',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "${7*7}{{7*7}}",
  "__proto__",
  "constructor",
  "NaN",
  "-1",
  "1e309",
  "0x7fffffff",
  "null",
  "true",
  "[]",
  "{}",
];

const LONG_LENGTHS = [65, 256, 4097, 100_001];
const NUMBERS = [0, -0, -1, 1.5, -1e-300, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MAX_VALUE, Number.MIN_VALUE];
const NESTING = [5, 50, 500];
const pollution = () => ({ __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } });

const randomUtf16 = (r: Rng) => String.fromCharCode(...Array.from({ length: 1 + r.int(40) }, () => r.int(0x10000)));

/** Any string, from control characters to a megabyte. */
export function nastyString(r: Rng): string {
  switch (r.int(6)) {
    case 0:
      return "x".repeat(r.pick(LONG_LENGTHS));
    case 1:
      return randomUtf16(r);
    case 2:
      return r.pick(NASTY_STRINGS).repeat(1 + r.int(3));
    default:
      return r.pick(NASTY_STRINGS);
  }
}

/** A nasty string wrapped `depth` times. */
function nestedOf(r: Rng, depth: number, wrap: (v: unknown) => unknown): unknown {
  let v: unknown = nastyString(r);
  for (let i = 0; i < depth; i += 1) v = wrap(v);
  return v;
}

/** Any JSON value except a string. */
export function nastyNonString(r: Rng): unknown {
  switch (r.int(9)) {
    case 0:
      return null;
    case 1:
      return r.next() < 0.5;
    case 2:
      return r.pick(NUMBERS);
    case 3:
      return [];
    case 4:
      return {};
    case 5:
      return Array.from({ length: 1 + r.int(5) }, () => nastyValue(r, 1));
    case 6:
      return pollution();
    case 7:
      return nestedOf(r, r.pick(NESTING), (v) => (r.next() < 0.5 ? [v] : { a: v }));
    default:
      return { [nastyString(r).slice(0, 100)]: nastyString(r) };
  }
}

/** Any JSON value at all. */
export function nastyValue(r: Rng, depth = 0): unknown {
  if (depth > 2) return null;
  return r.next() < 0.5 ? nastyString(r) : nastyNonString(r);
}

/**
 * One named kind of nasty value, for the systematic corpus (fuzz-corpus.ts): the same values
 * nastyString and nastyNonString draw from at random, each listed once, so a run can prove it
 * sent every one of them to every field. `make` draws only the parts that are random by nature
 * (the characters of a random string, what sits inside a nesting).
 */
export interface ValueVariant {
  name: string;
  /** The JSON type of every value it makes: a field of that kind could accept it. */
  kind: "string" | "null" | "boolean" | "number" | "array" | "object";
  make: (r: Rng) => unknown;
}

const variant = (name: string, kind: ValueVariant["kind"], make: (r: Rng) => unknown): ValueVariant => ({ name, kind, make });

export const STRING_VARIANTS: ValueVariant[] = [
  ...NASTY_STRINGS.map((s) => variant(`string ${JSON.stringify(s)}`, "string", () => s)),
  ...LONG_LENGTHS.map((n) => variant(`${n} characters`, "string", () => "x".repeat(n))),
  variant("random UTF-16", "string", randomUtf16),
  variant("a nasty string repeated", "string", (r) => r.pick(NASTY_STRINGS).repeat(2 + r.int(2))),
];

export const NON_STRING_VARIANTS: ValueVariant[] = [
  variant("null", "null", () => null),
  variant("true", "boolean", () => true),
  variant("false", "boolean", () => false),
  ...NUMBERS.map((n) => variant(`number ${Object.is(n, -0) ? "-0" : n}`, "number", () => n)),
  variant("empty array", "array", () => []),
  variant("empty object", "object", () => ({})),
  variant("array of nasty values", "array", (r) => Array.from({ length: 1 + r.int(5) }, () => nastyValue(r, 1))),
  variant("prototype pollution", "object", pollution),
  ...NESTING.flatMap((depth) => [
    variant(`${depth} nested arrays`, "array", (r) => nestedOf(r, depth, (v) => [v])),
    variant(`${depth} nested objects`, "object", (r) => nestedOf(r, depth, (v) => ({ a: v }))),
  ]),
  variant("object with a nasty key", "object", (r) => ({ [nastyString(r).slice(0, 100)]: nastyString(r) })),
];

/** Characters that make a string too long for any id, code, picklist member or e-mail of ours. */
const NEVER_A_PATTERN = "\u0000".repeat(65);

/**
 * Every named value that a field of `kind` can never accept, as wrongFor draws them: for a free-text
 * string, every value of another type; for a `pattern` field, every nasty string made too long to
 * match (or empty) and every value that is neither a string, a number nor a boolean.
 */
export function wrongVariants(kind: FieldKind): ValueVariant[] {
  if (kind !== "pattern") return [...STRING_VARIANTS, ...NON_STRING_VARIANTS].filter((v) => v.kind !== kind);
  return [
    variant("empty string", "string", () => ""),
    ...STRING_VARIANTS.map((v) => variant(`${v.name} made too long`, "string", (r) => `${v.make(r) as string}${NEVER_A_PATTERN}`)),
    ...NON_STRING_VARIANTS.filter((v) => v.kind !== "number" && v.kind !== "boolean"),
  ];
}

/** A value that is not of the kind a field needs: the field can never validate with it. */
export function wrongFor(kind: FieldKind, r: Rng): unknown {
  switch (kind) {
    case "string":
    case "array":
    case "object":
    case "number":
    case "boolean": {
      for (;;) {
        const v = nastyValue(r);
        if (!isKind(v, kind)) return v;
      }
    }
    // Ids (1 to 64 characters of anything), codes, picklists (some of numbers, like chat_type 0),
    // e-mails, URLs: empty or longer than any of them, or not a string and not a number at all.
    default: {
      if (r.next() < 0.6) return r.next() < 0.1 ? "" : `${nastyString(r)}${NEVER_A_PATTERN}`;
      for (;;) {
        const v = nastyNonString(r);
        if (typeof v !== "number" && typeof v !== "boolean") return v;
      }
    }
  }
}

/**
 * What a field accepts. `pattern` fields (ids, picklists, e-mails, URLs, hashes) take nasty strings
 * too: where one happens to fit (an id like "null"), it names nothing that exists. Free-text
 * `string` fields would accept them, so they only ever get values of another type.
 */
export type FieldKind = "string" | "pattern" | "array" | "object" | "number" | "boolean";

function isKind(v: unknown, kind: FieldKind): boolean {
  if (kind === "array") return Array.isArray(v);
  if (kind === "object") return typeof v === "object" && v !== null && !Array.isArray(v);
  return typeof v === kind;
}
