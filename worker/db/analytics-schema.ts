import { integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { user } from "./auth-schema";

/** Page views and leaves per page and UTC day, when no Analytics Engine dataset is bound (migration 0012). */
export const pageViewDaily = sqliteTable(
  "page_view_daily",
  {
    day: text("day").notNull(),
    path: text("path").notNull(),
    views: integer("views").notNull().default(0),
    leaves: integer("leaves").notNull().default(0),
    durationMs: integer("duration_ms").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** Each user's token bucket of analytics events. */
export const pageEventQuota = sqliteTable("page_event_quota", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  tokens: real("tokens").notNull(),
  updatedAt: integer("updated_at").notNull(),
});
