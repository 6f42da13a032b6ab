import type { PageEventInput, PageStatsRow } from "../../contract";
import type { Env } from "../env";

/** Distinct pages kept a day; paths past it count under OTHER_PAGE, so no stream of odd paths grows the table. */
export const PAGES_PER_DAY = 200;
export const OTHER_PAGE = "(other)";
/** Days of local counts kept; older rows go as new events arrive. */
export const RETENTION_DAYS = 180;
/** Each user's token bucket: up to this many events at once, refilled at one a second. */
export const EVENT_BURST = 60;
const REFILL_PER_MS = 1 / 1000;
const DAY_MS = 86_400_000;
/** The most rows the developer page gets. */
const STATS_ROWS = 1000;

export interface RecordedEvent {
  event: PageEventInput["event"];
  page: string;
  referrer: string | null;
  durationMs: number;
  clientTimestamp: number;
}

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Takes one event from the user's bucket; false when it is empty. A refused event still drains the
 * bucket (down to minus a burst), so a client that keeps flooding stays refused until it stops.
 */
export async function takeEventToken(db: D1Database, userId: string, now: number): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO page_event_quota (user_id, tokens, updated_at) VALUES (?1, ?2 - 1, ?3)
       ON CONFLICT(user_id) DO UPDATE SET
         tokens = max(-?2, min(?2, tokens + max(0, excluded.updated_at - updated_at) * ?4) - 1),
         updated_at = excluded.updated_at
       RETURNING tokens`,
    )
    .bind(userId, EVENT_BURST, now, REFILL_PER_MS)
    .first<{ tokens: number }>();
  return (row?.tokens ?? -1) >= 0;
}

/**
 * Workers Analytics Engine, when the deploy binds a dataset as ANALYTICS: one data point per event,
 * indexed by page (the sampling key), nothing that names the user. In production the counts come
 * from the SQL API, e.g.
 *   SELECT toDate(timestamp) AS day, blob2 AS page, SUM(_sample_interval) AS views
 *   FROM teamchat_page_views WHERE blob1 = 'page_view' AND timestamp > NOW() - INTERVAL '14' DAY
 *   GROUP BY day, page ORDER BY day DESC, views DESC
 * (POST https://api.cloudflare.com/client/v4/accounts/{account_id}/analytics_engine/sql with an API token
 * that may read Account Analytics); average time is SUM(_sample_interval * double1) / SUM(_sample_interval)
 * over blob1 = 'page_leave'.
 */
function writeToAnalyticsEngine(dataset: AnalyticsEngineDataset, e: RecordedEvent): void {
  dataset.writeDataPoint({
    blobs: [e.event, e.page, e.referrer ?? ""],
    doubles: [e.durationMs, e.clientTimestamp],
    indexes: [e.page.slice(0, 96)],
  });
}

/** Adds the event to its page's row of today (UTC), within the day's page cap, and drops days past retention. */
async function writeToD1(db: D1Database, e: RecordedEvent, now: number): Promise<void> {
  const day = utcDay(now);
  const isView = e.event === "page_view";
  await db.batch([
    db
      .prepare(
        `INSERT INTO page_view_daily (day, path, views, leaves, duration_ms)
         SELECT ?1, CASE WHEN EXISTS (SELECT 1 FROM page_view_daily WHERE day = ?1 AND path = ?2)
                          OR (SELECT count(*) FROM page_view_daily WHERE day = ?1) < ?6 THEN ?2 ELSE ?7 END, ?3, ?4, ?5
         WHERE true
         ON CONFLICT(day, path) DO UPDATE SET
           views = views + excluded.views, leaves = leaves + excluded.leaves, duration_ms = duration_ms + excluded.duration_ms`,
      )
      .bind(day, e.page, isView ? 1 : 0, isView ? 0 : 1, isView ? 0 : Math.round(e.durationMs), PAGES_PER_DAY, OTHER_PAGE),
    db.prepare("DELETE FROM page_view_daily WHERE day < ?").bind(utcDay(now - RETENTION_DAYS * DAY_MS)),
  ]);
}

/** Which store takes events in this deploy. */
export function analyticsStore(env: Env): "d1" | "analytics_engine" {
  return env.ANALYTICS ? "analytics_engine" : "d1";
}

export async function recordPageEvent(env: Env, e: RecordedEvent, now: number): Promise<void> {
  if (env.ANALYTICS) writeToAnalyticsEngine(env.ANALYTICS, e);
  else await writeToD1(env.DB, e, now);
}

/** The local counts of the last `days` days (today included), newest day first, busiest page first. */
export async function pageStats(db: D1Database, days: number, now: number): Promise<PageStatsRow[]> {
  const { results } = await db
    .prepare("SELECT day, path, views, leaves, duration_ms FROM page_view_daily WHERE day >= ? ORDER BY day DESC, views DESC, path LIMIT ?")
    .bind(utcDay(now - (days - 1) * DAY_MS), STATS_ROWS)
    .all<{ day: string; path: string; views: number; leaves: number; duration_ms: number }>();
  return results.map((r) => ({
    day: r.day,
    path: r.path,
    views: r.views,
    leaves: r.leaves,
    averageDurationMs: r.leaves > 0 ? Math.round(r.duration_ms / r.leaves) : null,
  }));
}
