import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { NotificationsAnswer } from "../../../contract";
import { api } from "../../app/api/client";
import { Button } from "../../ui/Button";
import { NotificationItem } from "./NotificationItem";
import { markAllNotificationsRead, NOTIFICATIONS_KEY, useNotifications } from "./notificationsCache";

/** The list with its states, "mark all as read" and "load more"; shown in the bell's panel and in the system chat. */
export function NotificationList() {
  const { t } = useTranslation();
  const { data, error, mutate, isLoading } = useNotifications();
  const [older, setOlder] = useState<NotificationsAnswer["notifications"]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [loadingMore, setLoadingMore] = useState(false);

  const unread = data?.unreadCount ?? 0;
  const nextCursor = cursor === undefined ? data?.nextCursor : cursor;
  const firstIds = new Set(data?.notifications.map((n) => n.id));
  const list = [...(data?.notifications ?? []), ...older.filter((n) => !firstIds.has(n.id))];

  const loadMore = async () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      const page = await api.get<NotificationsAnswer>(NOTIFICATIONS_KEY, { before: nextCursor });
      setOlder((prev) => [...prev, ...page.notifications]);
      setCursor(page.nextCursor);
    } catch {
      // The client's toast said why; the button stays for another try.
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className="ntf-panel">
      {unread > 0 && (
        <div className="ntf-panel__bar">
          <Button size="sm" variant="ghost" onClick={() => void markAllNotificationsRead().catch(() => {})} data-testid="notifications-mark-all-read">
            {t("notifications.markAllRead")}
          </Button>
        </div>
      )}
      {error && !data && (
        <div className="ntf-panel__state" role="alert">
          {t("notifications.loadFailed")}{" "}
          <Button size="sm" variant="secondary" onClick={() => void mutate()}>
            {t("common.retry")}
          </Button>
        </div>
      )}
      {isLoading && !data && <div className="ntf-panel__state">{t("common.loading")}</div>}
      {data && list.length === 0 && <div className="ntf-panel__state">{t("notifications.empty")}</div>}
      {list.length > 0 && (
        <ul className="ntf-list" aria-label={t("notifications.title")}>
          {list.map((n) => (
            <NotificationItem key={n.id} notification={n} />
          ))}
        </ul>
      )}
      {nextCursor && (
        <Button size="sm" variant="secondary" busy={loadingMore} onClick={() => void loadMore()} data-testid="notifications-load-more">
          {t("notifications.loadMore")}
        </Button>
      )}
    </div>
  );
}
