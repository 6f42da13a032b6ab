import { bodyLimit } from "hono/body-limit";
import { PageStatsQuery, type PageStatsAnswer } from "../../contract";
import { PAGE_EVENT_MAX_BYTES, readPageEvent } from "../analytics/beacon-body";
import { isVisitorPage, pageOf, referrerOf } from "../analytics/paths";
import { analyticsStore, pageStats, recordPageEvent, takeEventToken } from "../analytics/store";
import { newApp } from "../lib/app";
import { ApiError, ok } from "../lib/envelope";
import { readSession, requireUser } from "../lib/session";
import { query } from "../lib/validate";

const limitEventBytes = bodyLimit({
  maxSize: PAGE_EVENT_MAX_BYTES,
  onError: () => {
    throw new ApiError(413, "Request body is too large");
  },
});

/**
 * `/api/analytics`: page views and leaves (spec 01 §7), and their daily counts for developers.
 *
 * Only signed-in members are counted. Visitors' pages (sign-in, sign-up, invitation links) would
 * need an unauthenticated write keyed by network address, which anyone could flood and which says
 * little about the product's use; their events are answered 204 like any other and dropped. 204
 * rather than 401, because the leave beacon of a page whose session just ended is no error.
 */
export const analyticsApi = newApp()
  .post("/page-view", limitEventBytes, async (c) => {
    const event = await readPageEvent(c);
    const page = pageOf(event.path);
    const session = isVisitorPage(page) ? null : await readSession(c);
    if (!session) return c.body(null, 204);
    const now = Date.now();
    if (!(await takeEventToken(c.env.DB, session.user.id, now))) throw new ApiError(429, "Too many page events; please slow down");
    const siteOrigin = new URL(c.req.url).origin;
    const recorded = {
      event: event.event,
      page,
      referrer: referrerOf(event.referrer, siteOrigin),
      durationMs: event.event === "page_leave" ? event.duration : 0,
      clientTimestamp: event.timestamp,
    };
    // Answered at once: the write finishes after the response, off the page's unload.
    c.executionCtx.waitUntil(recordPageEvent(c.env, recorded, now).catch((err: unknown) => console.error("page event not recorded", err)));
    return c.body(null, 204);
  })
  .get("/page-views", requireUser, query(PageStatsQuery), async (c) => {
    if (!c.get("user").hasDevAccess) throw new ApiError(403, "Developer access required");
    const { days } = c.req.valid("query");
    return ok<PageStatsAnswer>(c, { rows: await pageStats(c.env.DB, days, Date.now()), store: analyticsStore(c.env) });
  });
