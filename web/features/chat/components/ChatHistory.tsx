import { useState } from "react";
import { useTranslation } from "react-i18next";
import { lazyDialog } from "../../../ui/lazy";
import type { MergedForwardContent } from "../model/mergedForward";

const HistoryModal = lazyDialog(() => import("./ChatHistoryModal").then((m) => m.HistoryModal));

/** The 'Chat History' card of a merged_forward message; opens the full history in a modal. */
export function ChatHistoryCard({ messageId, content }: { messageId: string; content: MergedForwardContent }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="history-card"
        data-testid={`chat-history-card-${messageId}`}
        onClick={() => setOpen(true)}
        onPointerEnter={HistoryModal.preload}
        aria-haspopup="dialog"
        aria-label={`${t("chat.history.open")}: ${t("chat.history.count", { count: content.messageCount })}`}
      >
        <span className="history-card__title">{t("chat.history.card")}</span>
        {content.preview.map((p, index) => (
          <span key={p.id || index} className="history-card__line">
            <span className="history-card__sender">{p.senderName}:</span> {p.content}
          </span>
        ))}
        <span className="history-card__count">{t("chat.history.count", { count: content.messageCount })}</span>
      </button>
      <HistoryModal content={content} open={open} onOpenChange={setOpen} />
    </>
  );
}
