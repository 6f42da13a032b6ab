import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Db = ReturnType<typeof makeDb>;

function makeDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

const cache = new WeakMap<D1Database, Db>();

/** One drizzle wrapper per D1 binding: the binding lives as long as the isolate. */
export function getDb(d1: D1Database): Db {
  let db = cache.get(d1);
  if (!db) {
    db = makeDb(d1);
    cache.set(d1, db);
  }
  return db;
}
