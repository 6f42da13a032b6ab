import useSWR, { mutate } from "swr";
import type { NotificationReadAnswer, NotificationsAnswer, SystemNotification } from "../../../contract";
import { api } from "../../app/api/client";
import { silentFetcher } from "../../app/api/swr";

/** The first page of the user's notifications; live frames and actions correct it in place. */
export const NOTIFICATIONS_KEY = "/api/notifications";

/** The user's notifications, newest first: the first page, shared by the bell, the system chat row and its view. */
export function useNotifications() {
  return useSWR<NotificationsAnswer>(NOTIFICATIONS_KEY, silentFetcher);
}

const noRevalidate = { revalidate: false } as const;

/**
 * A notification that just arrived goes on top and counts as unread; one already listed is an
 * update (its outcome, recorded elsewhere) and replaces the listed one in place.
 */
export function withArrived(list: NotificationsAnswer | undefined, n: SystemNotification): NotificationsAnswer | undefined {
  if (!list) return list;
  if (list.notifications.some((x) => x.id === n.id)) return withReplaced(list, n);
  return { ...list, notifications: [n, ...list.notifications], unreadCount: list.unreadCount + (n.read ? 0 : 1) };
}

export function withReplaced(list: NotificationsAnswer | undefined, n: SystemNotification): NotificationsAnswer | undefined {
  if (!list) return list;
  const before = list.notifications.find((x) => x.id === n.id);
  const unreadCount = Math.max(0, list.unreadCount - (before && !before.read && n.read ? 1 : 0));
  return { ...list, unreadCount, notifications: list.notifications.map((x) => (x.id === n.id ? n : x)) };
}

export function withRead(list: NotificationsAnswer | undefined, id: string | null, unreadCount: number): NotificationsAnswer | undefined {
  if (!list) return list;
  return { ...list, unreadCount, notifications: list.notifications.map((x) => (id === null || x.id === id ? { ...x, read: true } : x)) };
}

export function addArrived(n: SystemNotification): Promise<unknown> {
  return mutate<NotificationsAnswer>(NOTIFICATIONS_KEY, (list) => withArrived(list, n), noRevalidate);
}

export function replaceNotification(n: SystemNotification): Promise<unknown> {
  return mutate<NotificationsAnswer>(NOTIFICATIONS_KEY, (list) => withReplaced(list, n), noRevalidate);
}

export async function markNotificationRead(id: string): Promise<void> {
  const done = await api.post<NotificationReadAnswer>(`/api/notifications/${encodeURIComponent(id)}/read`, {}, { silent: true });
  await mutate<NotificationsAnswer>(NOTIFICATIONS_KEY, (list) => withRead(list, id, done.unreadCount), noRevalidate);
}

export async function markAllNotificationsRead(): Promise<void> {
  const done = await api.post<{ unreadCount: number }>("/api/notifications/read-all", {});
  await mutate<NotificationsAnswer>(NOTIFICATIONS_KEY, (list) => withRead(list, null, done.unreadCount), noRevalidate);
}
