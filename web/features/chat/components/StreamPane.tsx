import { useTranslation } from "react-i18next";
import { Spinner } from "../../../ui/Spinner";
import type { StreamState } from "../model/types";
import type { JumpFocus } from "../hooks/useMessageJump";
import type { MessageActionsValue } from "./messageContext";
import { MessageList } from "./MessageList";

interface StreamPaneProps {
  stream: StreamState;
  actions: Omit<MessageActionsValue, "jumpTo" | "highlightId">;
  onLoadOlder: () => Promise<boolean>;
  /** Subscribes to the user's sends: the list then goes to the bottom. */
  onFollow: (listener: () => void) => () => void;
  /** The chat's agent, greeted in an empty chat. */
  agentName: string | null;
  /** Group agent replies under their request (the agent tab). */
  grouped?: boolean;
  /** A message to scroll to and highlight. */
  focus?: JumpFocus | null;
}

/** The message area of the active stream: loading, the fresh-chat greeting, or the list. */
export function StreamPane({ stream, actions, onLoadOlder, onFollow, agentName, grouped = false, focus = null }: StreamPaneProps) {
  const { t } = useTranslation();
  let body;
  if (!stream.loaded) {
    body = (
      <div className="message-list__state">
        <Spinner size={24} label={t("common.loading")} />
      </div>
    );
  } else if (stream.messages.length === 0) {
    body = (
      <div className="message-list__state message-list__greeting">
        {agentName && <p className="message-list__hello">{t("chat.greeting", { name: agentName })}</p>}
        <p className="muted">{t("chat.startConversation")}</p>
      </div>
    );
  } else {
    body = <MessageList stream={stream} actions={actions} onLoadOlder={onLoadOlder} onFollow={onFollow} grouped={grouped} focus={focus} />;
  }
  return (
    <section className="message-list" data-testid="message-list" aria-label={t("chat.list.label")} aria-busy={stream.loading || undefined}>
      {body}
    </section>
  );
}
