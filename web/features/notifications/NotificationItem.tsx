import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../ui/toast";
import type { NotificationAction, SystemNotification } from "../../../contract";
import { isCancelError } from "../../app/api/client";
import { revalidateChatList } from "../../app/realtime/chatListCache";
import { useLang } from "../../i18n/useLang";
import { Button } from "../../ui/Button";
import { relativeTime } from "../../ui/format";
import { runNotificationAction } from "./notificationActions";
import { markNotificationRead, replaceNotification } from "./notificationsCache";
import { actionLabel, describeNotification } from "./notificationText";

const VARIANTS = { primary: "primary", danger: "danger", default: "secondary" } as const;

/** One notification: its words, its action buttons while undecided, and the outcome once decided. */
export function NotificationItem({ notification: n }: { notification: SystemNotification }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [busy, setBusy] = useState<string | null>(null);
  const { title, content } = describeNotification(n, t);
  const decided = n.actionStatus !== null;

  const press = async (action: NotificationAction) => {
    setBusy(action.id);
    try {
      const result = await runNotificationAction(n, action, {
        origin: window.location.origin,
        prompt: (message) => window.prompt(message),
        rejectionPrompt: t("notifications.rejectionPrompt"),
      });
      if (result.kind === "refused") toast.error(t("notifications.refused"));
      if (result.kind === "done") {
        if (result.notification) await replaceNotification(result.notification);
        // Accepting an invitation puts a chat (or a friend's chat) in the list; the answer says so.
        if (result.status === "group_invite_accepted" || result.systemNotificationData?.chatName) void revalidateChatList();
        toast.success(t(`notifications.status.${result.status}`));
      }
    } catch (error) {
      // The shared client already showed the server's message; nothing was recorded, so the buttons stay.
      if (!isCancelError(error)) console.warn("notification action failed", error);
    } finally {
      setBusy(null);
    }
  };

  const record = n.actionRecord;
  const statusText = n.actionStatus ? t(`notifications.status.${n.actionStatus}`, { defaultValue: n.actionStatus }) : null;

  return (
    <li className={`ntf-item${n.read ? "" : " ntf-item--unread"}`} data-testid={`notification-${n.id}`} data-type={n.type}>
      <div className="ntf-item__head">
        <span className="ntf-item__title">
          {!n.read && <span className="ntf-item__dot" aria-label={t("notifications.unread")} />}
          {title}
        </span>
        {n.priority === "high" && <span className="ntf-item__tag">{t("notifications.important")}</span>}
      </div>
      {content && <p className="ntf-item__content">{content}</p>}
      <div className="ntf-item__meta">
        <time dateTime={n.createdAt}>{relativeTime(n.createdAt, lang)}</time>
        {!n.read && (
          <button type="button" className="ntf-item__link" onClick={() => void markNotificationRead(n.id).catch(() => {})} data-testid="notification-mark-read">
            {t("notifications.markRead")}
          </button>
        )}
      </div>
      {!decided && n.actions.length > 0 && (
        <div className="ntf-item__actions">
          {n.actions.map((action) => (
            <Button
              key={action.id}
              size="sm"
              variant={VARIANTS[action.variant ?? "default"]}
              busy={busy === action.id}
              disabled={busy !== null}
              onClick={() => void press(action)}
              data-testid={`notification-action-${action.id}`}
            >
              {actionLabel(action, t)}
            </Button>
          ))}
        </div>
      )}
      {decided && statusText && (
        <p className="ntf-item__outcome" data-testid="notification-outcome">
          {record ? t("notifications.handledBy", { status: statusText, name: record.operatorName }) : statusText}
          {record?.responseMessage && <span className="ntf-item__reason"> {t("notifications.reason", { reason: record.responseMessage })}</span>}
        </p>
      )}
    </li>
  );
}
