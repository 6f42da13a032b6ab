import { useTranslation } from "react-i18next";
import { Modal } from "../../../ui/Modal";
import { formatFileSize } from "../model/attachments";
import { historyRange, type MergedForwardContent } from "../model/mergedForward";
import { formatMessageTime } from "../../../ui/format";
import { Markdown } from "./Markdown";

/** The full history of a merged forward, opened from its card. Loaded on first use. */
export function HistoryModal({ content, open, onOpenChange }: { content: MergedForwardContent; open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const range = historyRange(content);
  const time = (value: string | null) => (value ? formatMessageTime(value, i18n.language, true) : "");
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t("chat.history.title")} size="lg" testId="chat-history-modal">
      <div className="history">
        <p className="history__summary muted small">
          {t("chat.history.count", { count: content.messageCount })}
          {range && ` · ${t("chat.history.range", { from: time(range.from), to: time(range.to) })}`}
        </p>
        {content.triggerMessage && (
          <section className="history__trigger" aria-label={t("chat.history.trigger")}>
            <Markdown text={content.triggerMessage} />
          </section>
        )}
        {content.triggerAttachments.length > 0 && (
          <ul className="history__attachments" aria-label={t("chat.history.attachments")}>
            {content.triggerAttachments.map((a) => (
              <li key={`${a.fileUrl}:${a.fileName}`}>
                <a href={a.fileUrl} download={a.fileName}>
                  {a.fileName}
                </a>{" "}
                <span className="muted small">{formatFileSize(a.fileSize)}</span>
              </li>
            ))}
          </ul>
        )}
        {content.messages.length === 0 ? (
          <p className="muted">{t("chat.history.empty")}</p>
        ) : (
          <ol className="history__list">
            {content.messages.map((m, index) => (
              <li key={m.id || index} className="history__item">
                <div className="history__meta">
                  <span className="history__sender">{m.senderName}</span>
                  {m.timestamp && <time dateTime={m.timestamp}>{time(m.timestamp)}</time>}
                </div>
                {m.replyTo && <p className="history__reply">{t("chat.history.replyTo", { name: m.replyTo.senderName, content: m.replyTo.content })}</p>}
                <Markdown text={m.content} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </Modal>
  );
}
