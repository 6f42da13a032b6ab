import { useTranslation } from "react-i18next";
import { Markdown } from "../../components/Markdown";
import type { UiMessage } from "../../model/types";
import { isLiveReply } from "../model/streaming";

/** An agent reply's text: markdown as it streams, with a typing caret until it is complete. */
export function ReplyText({ message, names }: { message: UiMessage; names: readonly string[] }) {
  const { t } = useTranslation();
  if (!isLiveReply(message)) return message.content ? <Markdown text={message.content} names={names} /> : null;
  return (
    <div className="reply-live" data-testid={`reply-live-${message.id}`}>
      {message.content ? <Markdown text={message.content} names={names} /> : <span className="typing-caret typing-caret--alone" aria-hidden />}
      <span className="sr-only">{t("agent.replies.generating")}</span>
    </div>
  );
}
