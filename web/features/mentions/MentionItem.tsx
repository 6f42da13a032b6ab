import { useTranslation } from "react-i18next";
import type { Mention } from "../../../contract";
import { useLang } from "../../i18n/useLang";
import { relativeTime } from "../../ui/format";
import { CloseIcon } from "../../ui/icons";

interface MentionItemProps {
  mention: Mention;
  onOpen: (mention: Mention) => void;
  onRemove: (mention: Mention) => void;
}

/** One entry: @everyone or @you, who, what they wrote (the first 50 characters), where and when; opening it lands on the message. */
export function MentionItem({ mention: m, onOpen, onRemove }: MentionItemProps) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <li className={`mnt-item${m.read ? "" : " mnt-item--unread"}`} data-testid={`mention-${m.id}`} data-read={m.read || undefined}>
      <button
        type="button"
        className="mnt-item__open"
        onClick={() => onOpen(m)}
        aria-label={t("mentions.openEntry", { name: m.senderName, chat: m.chatName })}
        data-testid="mention-open"
      >
        <span className="mnt-item__head">
          {!m.read && <span className="mnt-item__dot" role="img" aria-label={t("mentions.unread")} />}
          <span className={`mnt-item__tag mnt-item__tag--${m.mentionType}`}>{m.mentionType === "all" ? t("mentions.everyone") : t("mentions.you")}</span>
          <span className="mnt-item__sender">{m.senderName}</span>
        </span>
        <span className="mnt-item__preview">{m.messagePreview}</span>
        <span className="mnt-item__meta">
          <span className="mnt-item__chat">{t("mentions.inChat", { chat: m.chatName })}</span>
          <time dateTime={m.timestamp}>{relativeTime(m.timestamp, lang)}</time>
        </span>
      </button>
      <button
        type="button"
        className="icon-btn mnt-item__remove"
        onClick={() => onRemove(m)}
        aria-label={t("mentions.remove")}
        title={t("mentions.remove")}
        data-testid="mention-remove"
      >
        <CloseIcon />
      </button>
    </li>
  );
}
