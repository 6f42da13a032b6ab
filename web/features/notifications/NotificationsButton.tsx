import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import { SYSTEM_CHAT_PREFIX } from "../../../contract";
import { useInboxFrames } from "../../app/realtime/InboxProvider";
import { getSelection } from "../../app/session/selection";
import { lazyDialog } from "../../ui/lazy";
import { BadgeButton } from "../../ui/countBadge";
import { addArrived, useNotifications } from "./notificationsCache";
import { describeNotification } from "./notificationText";
import "./notifications.css";
import { BellIcon } from "../../ui/icons";

const NotificationsDialog = lazyDialog(() => import("./NotificationsDialog").then((m) => m.NotificationsDialog));

/**
 * The app-wide bell for system notifications: unread badge (capped at 99), live arrivals from
 * the inbox socket, and a panel with the list, its action buttons and "mark read".
 */
export function NotificationsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useNotifications();

  useInboxFrames((frame) => {
    if (frame.type !== "system_notification") return;
    const n = frame.notification;
    void addArrived(n);
    // An outcome arriving is an update, not news; a presenter request has its own toast with "open chat";
    // and nobody needs a toast for what the open system chat already shows.
    const quiet = open || n.actionStatus !== null || n.type === "presenter_request" || getSelection().chatId?.startsWith(SYSTEM_CHAT_PREFIX);
    if (!quiet) toast.info(t("notifications.arrived", { title: describeNotification(n, t).title }));
  });

  const unread = data?.unreadCount ?? 0;
  return (
    <>
      <BadgeButton
        icon={<BellIcon size={18} />}
        count={unread}
        label={t("notifications.open")}
        countLabel={t("notifications.openCount", { count: unread })}
        onClick={() => setOpen(true)}
        onPrefetch={NotificationsDialog.preload}
        testId="system-notifications-bell"
        badgeTestId="system-notifications-badge"
      />
      <NotificationsDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
