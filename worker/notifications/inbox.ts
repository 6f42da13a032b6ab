import type { NotificationActionStatus, NotificationsAnswer, SystemNotification } from "../../contract";
import type { Db } from "../db/client";
import { cursorOf, findOwnNotification, listNotifications, markRead, recordAction, toNotification, unreadCount } from "./store";

/** A page of the user's own notifications, newest first, with the unread count for the badge. */
export async function listForUser(db: Db, userId: string, limit: number, before?: string): Promise<NotificationsAnswer> {
  const { rows, hasMore } = await listNotifications(db, userId, limit, before);
  const last = rows.at(-1);
  return {
    notifications: rows.map(toNotification),
    unreadCount: await unreadCount(db, userId),
    nextCursor: hasMore && last ? cursorOf(last) : null,
    hasMore,
  };
}

/** Marks one of the user's notifications read (or all of them with id null); null when it is not theirs. */
export async function markNotificationsRead(db: Db, userId: string, id: string | null): Promise<{ unreadCount: number } | null> {
  if (id && !(await findOwnNotification(db, userId, id))) return null;
  await markRead(db, userId, id, new Date());
  return { unreadCount: await unreadCount(db, userId) };
}

export type ActionOutcome = { ok: true; notification: SystemNotification } | { ok: false; reason: "not_found" | "already_handled" };

/** Records what the user's press of an action button led to, once. */
export async function handleAction(
  db: Db,
  operator: { id: string; name: string },
  id: string,
  input: { status: NotificationActionStatus; actionLabel?: string; responseMessage?: string },
): Promise<ActionOutcome> {
  const row = await findOwnNotification(db, operator.id, id);
  if (!row) return { ok: false, reason: "not_found" };
  const record = {
    actionType: input.status,
    actionLabel: input.actionLabel ?? input.status,
    operatorName: operator.name,
    timestamp: new Date().toISOString(),
    ...(input.responseMessage ? { responseMessage: input.responseMessage } : {}),
  };
  if (!(await recordAction(db, row, input.status, record))) return { ok: false, reason: "already_handled" };
  const fresh = await findOwnNotification(db, operator.id, id);
  return fresh ? { ok: true, notification: toNotification(fresh) } : { ok: false, reason: "not_found" };
}
