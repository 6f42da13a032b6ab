// Reads the app's local D1 from outside, as `wrangler d1 execute --local` does, to check what the
// mirror left there: the slim row of each message (unread counts and the chat list read them) and
// the chats' counters.
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";

const root = resolve(import.meta.dirname, "..");

async function query<T>(stateDir: string, sql: string): Promise<T[]> {
  const { stdout } = await promisify(execFile)(
    resolve(root, "node_modules", ".bin", "wrangler"),
    ["d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", "--command", sql],
    { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true" }, maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(stdout) as { results: T[] }[])[0]?.results ?? [];
}

export interface MirrorRows {
  /** Ids with the prefix that have their slim row in D1. */
  ids: Set<string>;
  /** The rooms' human message counters, added up. */
  humanCount: number;
}

export async function mirrorRows(stateDir: string, idPrefix: string, chatPrefix: string): Promise<MirrorRows> {
  // Prefixes are ours (letters, digits, underscores): LIKE's `_` matches itself among others, so the ids are checked again here.
  const rows = await query<{ id: string }>(stateDir, `SELECT id FROM message_mirror WHERE id LIKE '${idPrefix}%'`);
  const [count] = await query<{ n: number | null }>(stateDir, `SELECT sum(human_count) AS n FROM chat WHERE id LIKE '${chatPrefix}%'`);
  return { ids: new Set(rows.map((r) => r.id).filter((id) => id.startsWith(idPrefix))), humanCount: count?.n ?? 0 };
}
