import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";
import { perBinding } from "../lib/per-binding";

export type Db = ReturnType<typeof makeDb>;

function makeDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

/** One drizzle wrapper per D1 binding. */
export const getDb: (d1: D1Database) => Db = perBinding(makeDb);
