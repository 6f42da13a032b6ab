import * as v from "valibot";

/**
 * Page analytics (spec 01 §7, spec 03 §7.3: `POST /api/analytics/page-view`): a page_view when a route
 * shows, a page_leave (sent as a beacon) when it is left or the tab is hidden.
 */
export const PAGE_EVENTS = ["page_view", "page_leave"] as const;
export type PageEventType = (typeof PAGE_EVENTS)[number];

export const PAGE_PATH_MAX = 512;
/** A leave's duration is capped at a day: a tab left open over a weekend says nothing about reading time. */
export const PAGE_DURATION_MAX_MS = 86_400_000;
/** The most days the developer page asks for. */
export const PAGE_STATS_MAX_DAYS = 90;

const PATH_REFUSED = "path must be a path of this site, such as /home";

/** A path of this site: one leading slash (`//host` would be another site), no scheme, no control characters. */
export const PagePath = v.pipe(
  v.string(PATH_REFUSED),
  v.minLength(1, PATH_REFUSED),
  v.maxLength(PAGE_PATH_MAX, `path must be at most ${PAGE_PATH_MAX} characters`),
  v.regex(/^\/(?![/\\])[^\s\u0000-\u001f\u007f]*$/, PATH_REFUSED),
);

const Referrer = v.optional(v.nullable(v.pipe(v.string("referrer must be text"), v.maxLength(2048, "referrer must be at most 2048 characters"))));

const Timestamp = v.pipe(
  v.number("timestamp must be a time in milliseconds"),
  v.integer("timestamp must be a time in milliseconds"),
  v.minValue(0, "timestamp must be a time in milliseconds"),
);

export const PageViewEvent = v.object({
  event: v.literal("page_view"),
  path: PagePath,
  referrer: Referrer,
  timestamp: Timestamp,
});

export const PageLeaveEvent = v.object({
  event: v.literal("page_leave"),
  path: PagePath,
  referrer: Referrer,
  /** Milliseconds the page was visible. */
  duration: v.pipe(
    v.number("duration must be a number of milliseconds"),
    v.minValue(0, "duration must be a number of milliseconds"),
    v.maxValue(PAGE_DURATION_MAX_MS, "duration must be at most a day"),
  ),
  timestamp: Timestamp,
});

export const PageEvent = v.variant("event", [PageViewEvent, PageLeaveEvent], "event must be page_view or page_leave");
export type PageEventInput = v.InferOutput<typeof PageEvent>;

export const PageStatsQuery = v.object({
  days: v.optional(
    v.pipe(
      v.string(),
      v.toNumber(),
      v.integer("days must be a whole number"),
      v.minValue(1, "days must be at least 1"),
      v.maxValue(PAGE_STATS_MAX_DAYS, `days must be at most ${PAGE_STATS_MAX_DAYS}`),
    ),
    "14",
  ),
});

/** One page on one day (UTC), as the developer page lists it. */
export interface PageStatsRow {
  day: string;
  path: string;
  views: number;
  leaves: number;
  /** Mean visible time of the leaves, in milliseconds; null without leaves. */
  averageDurationMs: number | null;
}

/** `GET /api/analytics/page-views` data: newest day first, busiest page first within a day. */
export interface PageStatsAnswer {
  rows: PageStatsRow[];
  /** "analytics_engine" when events go to Workers Analytics Engine, so this table only holds what was kept locally. */
  store: "d1" | "analytics_engine";
}
