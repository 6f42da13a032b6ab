import { getTableColumns, sql, type Column, type SQL, type Table } from "drizzle-orm";

/**
 * D1 and Durable Object SQLite refuse a statement with more than 100 bound parameters, so no list
 * that a request (or a growing table) controls may become one `?` per item.
 */

/** `column IN (list)` with the whole list bound as ONE JSON parameter, whatever its length. */
export function inList(column: Column | SQL, values: readonly (string | number)[]): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
}

/** Bound parameters one statement may carry. */
export const MAX_BOUND_PARAMETERS = 100;

/** Rows for multi-row inserts, sliced so that each statement stays under the parameter limit. */
export function inSlices<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Rows for multi-row inserts into `table`, as many per statement as its columns allow: drizzle binds
 * at most one parameter per column and row. Counted from the schema, so a column added later cannot
 * push a hand-counted slice over the limit (a 16-row notification insert did, at seven columns).
 */
export function insertSlices<T>(table: Table, rows: readonly T[]): T[][] {
  return inSlices(rows, Math.floor(MAX_BOUND_PARAMETERS / Object.keys(getTableColumns(table)).length));
}
