import { useTranslation } from "react-i18next";
import { systemChatId } from "../../../contract";
import { selectChat } from "../../app/session/selection";
import { useLang } from "../../i18n/useLang";
import { relativeTime } from "../../ui/format";
import { countBadge } from "../../ui/countBadge";
import { useNotifications } from "./notificationsCache";
import { describeNotification } from "./notificationText";
import "./notifications.css";
import { BellIcon } from "../../ui/icons";

interface SystemChatRowProps {
  userId: string;
  selected: boolean;
  /** The 60 px sidebar: the icon and a dot only. */
  compact: boolean;
}

/**
 * The system chat's entry at the top of the chat list: the newest notification, its time and the
 * unread count. Shown once the user has any notification.
 */
export function SystemChatRow({ userId, selected, compact }: SystemChatRowProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { data } = useNotifications();
  const latest = data?.notifications[0];
  if (!latest) return null;
  const unread = data.unreadCount;
  const badge = countBadge(unread);
  const name = t("notifications.open");
  const label = badge ? t("notifications.openCount", { count: unread }) : name;
  const open = () => selectChat(systemChatId(userId));
  const common = {
    type: "button" as const,
    onClick: open,
    "aria-current": selected ? ("true" as const) : undefined,
    "data-testid": "chat-row-system",
    "data-selected": selected ? "true" : "false",
  };

  if (compact) {
    return (
      <div className="chat-mini__item ntf-sys-mini">
        <button {...common} className={`chat-mini__button${selected ? " chat-mini__button--selected" : ""}`} aria-label={label} title={label}>
          <span className="ntf-sys-avatar" aria-hidden>
            <BellIcon size={18} />
          </span>
          {badge && <span className="chat-mini__dot" aria-hidden />}
        </button>
      </div>
    );
  }
  return (
    <div className="chat-list__item ntf-sys-row">
      <button {...common} className={`chat-row${selected ? " chat-row--selected" : ""}${badge ? " chat-row--unread" : ""}`} aria-label={label}>
        <span className="ntf-sys-avatar" aria-hidden>
          <BellIcon size={18} />
        </span>
        <span className="chat-row__body">
          <span className="chat-row__top">
            <span className="chat-row__name">{name}</span>
            <time className="chat-row__time" dateTime={latest.createdAt}>
              {relativeTime(latest.createdAt, lang) || "--:--"}
            </time>
          </span>
          <span className="chat-row__bottom">
            <span className="chat-row__last">{describeNotification(latest, t).title}</span>
            {badge && (
              <span className="unread-badge" aria-hidden>
                {badge}
              </span>
            )}
          </span>
        </span>
      </button>
    </div>
  );
}
