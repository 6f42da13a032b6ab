import { and, count, desc, eq, isNull, lt, or } from "drizzle-orm";
import * as v from "valibot";
import {
  NotificationActionRecordSchema,
  NotificationActionSchema,
  NotificationDataSchema,
  type NotificationActionRecord,
  type NotificationType,
  type SystemNotification,
} from "../../contract";
import { insertSlices } from "../db/bound-lists";
import type { Db } from "../db/client";
import { notification } from "../db/schema";

export type NotificationRow = typeof notification.$inferSelect;

/** What the payload column holds: everything of a notification that is not a column of its own. */
const StoredPayload = v.object({
  title: v.string(),
  content: v.string(),
  priority: v.picklist(["normal", "high"]),
  data: NotificationDataSchema,
  actions: v.array(NotificationActionSchema),
  requiresConfirmation: v.boolean(),
  actionRecord: v.optional(v.nullable(NotificationActionRecordSchema), null),
});
export type StoredPayload = v.InferOutput<typeof StoredPayload>;

export function toNotification(row: NotificationRow): SystemNotification {
  const parsed = v.safeParse(StoredPayload, JSON.parse(row.payload));
  const p: StoredPayload = parsed.success
    ? parsed.output
    : { title: "", content: "", priority: "normal", data: {}, actions: [], requiresConfirmation: false, actionRecord: null };
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: p.title,
    content: p.content,
    priority: p.priority,
    data: p.data,
    actions: p.actions,
    requiresConfirmation: p.requiresConfirmation,
    actionStatus: row.actionStatus,
    actionRecord: p.actionRecord ?? null,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function insertNotifications(db: Db, rows: NotificationRow[]): Promise<void> {
  for (const part of insertSlices(notification, rows)) await db.insert(notification).values(part);
}

/** `{createdAt ms}_{id}`: newest first, and ties between rows of one millisecond stay in order. */
export function cursorOf(row: NotificationRow): string {
  return `${row.createdAt.getTime()}_${row.id}`;
}

function parseCursor(cursor: string): { at: Date; id: string } | null {
  const m = /^(\d{1,15})_(.{1,80})$/.exec(cursor);
  return m ? { at: new Date(Number(m[1])), id: m[2]! } : null;
}

export async function listNotifications(db: Db, userId: string, limit: number, before?: string): Promise<{ rows: NotificationRow[]; hasMore: boolean }> {
  const c = before ? parseCursor(before) : null;
  const older = c ? or(lt(notification.createdAt, c.at), and(eq(notification.createdAt, c.at), lt(notification.id, c.id))) : undefined;
  const rows = await db
    .select()
    .from(notification)
    .where(and(eq(notification.userId, userId), older))
    .orderBy(desc(notification.createdAt), desc(notification.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(notification)
    .where(and(eq(notification.userId, userId), isNull(notification.readAt)));
  return r?.n ?? 0;
}

/** The user's own notification, or null: someone else's is indistinguishable from a missing one. */
export async function findOwnNotification(db: Db, userId: string, id: string): Promise<NotificationRow | null> {
  const [row] = await db
    .select()
    .from(notification)
    .where(and(eq(notification.id, id), eq(notification.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function markRead(db: Db, userId: string, id: string | null, at: Date): Promise<void> {
  const which = id ? eq(notification.id, id) : undefined;
  await db
    .update(notification)
    .set({ readAt: at })
    .where(and(eq(notification.userId, userId), isNull(notification.readAt), which));
}

/** Records an outcome once; false when the notification had one already. */
export async function recordAction(db: Db, row: NotificationRow, status: string, record: NotificationActionRecord): Promise<boolean> {
  const payload = { ...(JSON.parse(row.payload) as Record<string, unknown>), actionRecord: record };
  const updated = await db
    .update(notification)
    .set({ actionStatus: status, payload: JSON.stringify(payload), readAt: row.readAt ?? new Date(record.timestamp) })
    .where(and(eq(notification.id, row.id), eq(notification.userId, row.userId), isNull(notification.actionStatus)))
    .returning({ id: notification.id });
  return updated.length > 0;
}
