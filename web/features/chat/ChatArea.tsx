import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session/useSession";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import type { ChatHeaderSlot, ComposerExtension } from "../../ui/composerExtension";
import { ChatRoom } from "./components/ChatRoom";
import { useChat } from "./hooks/useChat";
import "./chat.css";
import "./agent/agent.css";

/** The main area for the selected chat: loads it, then shows the live chat room. */
export function ChatArea({ chatId, header, composerExtension }: { chatId: string; header: ChatHeaderSlot; composerExtension?: ComposerExtension }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { data: chat, error, isLoading, mutate } = useChat(chatId);

  if (chat && user) return <ChatRoom key={chat.id} chat={chat} me={user} composerExtension={composerExtension} header={header} />;

  return (
    <div className="chat-area chat-area--empty" data-testid="chat-area">
      {isLoading || !user ? (
        <div className="chat-area__state" role="status">
          <Spinner size={28} />
          <p className="muted">{t("chat.loadingChat")}</p>
        </div>
      ) : (
        <div className="chat-area__state">
          <p className="chat-area__state-title">{t("chat.noChatTitle")}</p>
          <p className="muted">{t("chat.noChatBody")}</p>
          {error && (
            <Button variant="secondary" size="sm" onClick={() => void mutate()}>
              {t("common.retry")}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
