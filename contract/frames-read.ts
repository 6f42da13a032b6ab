import * as v from "valibot";

/** JSON text is parsed first; anything else is checked as it is. Never throws. */
export function readFrame<S extends v.GenericSchema>(schema: S, data: unknown): v.InferOutput<S> | null {
  let value = data;
  if (typeof data === "string") {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const parsed = v.safeParse(schema, value);
  return parsed.success ? parsed.output : null;
}

/** The `type` a socket message claims, for logging one that did not parse ("binary", "not json" …). */
export function frameTypeOf(data: unknown): string {
  let value = data;
  if (typeof data === "string") {
    try {
      value = JSON.parse(data);
    } catch {
      return "not json";
    }
  } else if (typeof data !== "object" || data === null || data instanceof ArrayBuffer || ArrayBuffer.isView(data)) {
    return "binary";
  }
  return value && typeof value === "object" && "type" in value ? String(value.type).slice(0, 60) : "no type";
}
