import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { NotificationList } from "./NotificationList";
import { markAllNotificationsRead, useNotifications } from "./notificationsCache";
import "./notifications.css";
import { BellIcon } from "../../ui/icons";

/**
 * The system chat's main view: the notifications with their action buttons. It has no members
 * and no composer; what it shows counts as read, as an opened chat does.
 */
export function SystemChat() {
  const { t } = useTranslation();
  const { data } = useNotifications();
  const unread = data?.unreadCount ?? 0;
  useEffect(() => {
    if (unread > 0) void markAllNotificationsRead().catch(() => {});
  }, [unread]);

  return (
    <section className="ntf-sys-chat" aria-labelledby="ntf-sys-title" data-testid="system-chat">
      <header className="ntf-sys-chat__header">
        <span className="ntf-sys-avatar" aria-hidden>
          <BellIcon size={18} />
        </span>
        <h2 id="ntf-sys-title" className="ntf-sys-chat__title">
          {t("notifications.open")}
        </h2>
      </header>
      <div className="ntf-sys-chat__body">
        <NotificationList />
      </div>
    </section>
  );
}
