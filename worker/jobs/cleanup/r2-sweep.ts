import type { Env } from "../../env";
import type { Budget } from "./budget";

/** R2 lists at most 1000 keys a page and deletes at most 1000 keys a call. */
const R2_PAGE = 1000;

async function readCursor(db: D1Database, name: string): Promise<string | undefined> {
  const row = await db.prepare("SELECT cursor FROM cleanup_cursor WHERE name = ?").bind(name).first<{ cursor: string | null }>();
  return row?.cursor ?? undefined;
}

async function saveCursor(db: D1Database, name: string, cursor: string | undefined): Promise<void> {
  await db
    .prepare("INSERT INTO cleanup_cursor (name, cursor, updated_at) VALUES (?1, ?2, ?3) ON CONFLICT(name) DO UPDATE SET cursor = ?2, updated_at = ?3")
    .bind(name, cursor ?? null, Date.now())
    .run();
}

async function listPage(env: Env, prefix: string, cursor: string | undefined, limit: number): Promise<R2Objects> {
  try {
    return await env.FILES.list({ prefix, cursor, limit });
  } catch (err) {
    // A cursor from an older run may no longer be valid: start the prefix over.
    if (!cursor) throw err;
    return env.FILES.list({ prefix, limit });
  }
}

/**
 * Walks `prefix` from where the last run stopped, at most `budget` keys, and deletes the keys
 * `orphans` picks. Deleting is idempotent and `orphans` decides from D1 at that moment, so two
 * runs at once (or one run twice) only repeat deletes of keys that were already unreferenced.
 * The cursor is saved for the next run; at the end of the prefix it starts over.
 */
export async function sweepPrefix(env: Env, prefix: string, budget: Budget, orphans: (objects: R2Object[]) => Promise<string[]>): Promise<number> {
  let cursor = await readCursor(env.DB, prefix);
  let removed = 0;
  while (budget.left > 0) {
    const wanted = budget.take(R2_PAGE);
    const page = await listPage(env, prefix, cursor, wanted);
    budget.refund(wanted - page.objects.length);
    const doomed = page.objects.length ? await orphans(page.objects) : [];
    if (doomed.length) {
      await env.FILES.delete(doomed);
      removed += doomed.length;
    }
    cursor = page.truncated ? page.cursor : undefined;
    if (!page.truncated) break;
  }
  await saveCursor(env.DB, prefix, cursor);
  return removed;
}

/** The values of `column` in `table` that are among `values` (one JSON argument, any count). */
export async function existing(db: D1Database, table: string, column: string, values: string[]): Promise<Set<string>> {
  if (!values.length) return new Set();
  const { results } = await db
    .prepare(`SELECT ${column} AS v FROM ${table} WHERE ${column} IN (SELECT value FROM json_each(?))`)
    .bind(JSON.stringify([...new Set(values)]))
    .all<{ v: string }>();
  return new Set(results.map((r) => r.v));
}
