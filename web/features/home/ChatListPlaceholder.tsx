import { useTranslation } from "react-i18next";

/** Stands where the chat list goes (built in the chat feature); says clearly that there is nothing yet. */
export function ChatListPlaceholder({ collapsed = false }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  if (collapsed) return null;
  return (
    <section className="chat-list-empty" aria-labelledby="chat-list-title" data-testid="chat-list-placeholder">
      <h2 id="chat-list-title" className="sidebar__section-title">
        {t("shell.chats")}
      </h2>
      <div className="empty-state">
        <p className="empty-state__title">{t("shell.noChatsTitle")}</p>
        <p className="empty-state__body">{t("shell.noChatsBody")}</p>
      </div>
    </section>
  );
}
