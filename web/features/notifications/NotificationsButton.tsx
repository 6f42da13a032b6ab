import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import { toast } from "sonner";
import type { NotificationsAnswer } from "../../../contract";
import { api } from "../../app/api/client";
import { silentFetcher } from "../../app/api/swr";
import { useInboxFrames } from "../../app/realtime/InboxProvider";
import { Button } from "../../ui/Button";
import { Icon } from "../../ui/Icon";
import { Modal } from "../../ui/Modal";
import { NotificationItem } from "./NotificationItem";
import { addArrived, markAllNotificationsRead, NOTIFICATIONS_KEY, notificationBadge } from "./notificationsCache";
import { describeNotification } from "./notificationText";
import "./notifications.css";

function BellIcon({ size = 18 }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </Icon>
  );
}

/**
 * The app-wide bell for system notifications: unread badge (capped at 99), live arrivals from
 * the inbox socket, and a panel with the list, its action buttons and "mark read".
 */
export function NotificationsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data, error, mutate, isLoading } = useSWR<NotificationsAnswer>(NOTIFICATIONS_KEY, silentFetcher);
  const [older, setOlder] = useState<NotificationsAnswer["notifications"]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [loadingMore, setLoadingMore] = useState(false);

  useInboxFrames((frame) => {
    if (frame.type !== "system_notification") return;
    void addArrived(frame.notification);
    if (!open) toast.info(t("notifications.arrived", { title: describeNotification(frame.notification, t).title }));
  });

  const unread = data?.unreadCount ?? 0;
  const badge = notificationBadge(unread);
  const label = badge ? t("notifications.openCount", { count: unread }) : t("notifications.open");
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
    <>
      <button
        type="button"
        className="icon-btn ntf-bell"
        onClick={() => setOpen(true)}
        aria-label={label}
        title={label}
        aria-haspopup="dialog"
        data-testid="system-notifications-bell"
      >
        <BellIcon />
        {badge && (
          <span className="ntf-bell__badge" aria-hidden data-testid="system-notifications-badge">
            {badge}
          </span>
        )}
      </button>
      <Modal open={open} onOpenChange={setOpen} title={t("notifications.title")} size="md" testId="system-notifications-panel">
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
      </Modal>
    </>
  );
}
