import { memo, useRef, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../../ui/Avatar";
import { senderName } from "../model/messageFrame";
import { parseMergedForward } from "../model/mergedForward";
import { formatMessageTime, fullTime } from "../../../ui/format";
import type { UiMessage } from "../model/types";
import { Attachments } from "./Attachments";
import { ChatHistoryCard } from "./ChatHistory";
import { Markdown } from "./Markdown";
import { MessageActions } from "./MessageActions";
import { MessageFooter } from "./MessageFooter";
import { hasActions, isSelectable, useMessageActions } from "./messageContext";
import { PermissionRequestCard } from "../agent/components/PermissionRequestCard";
import { ReplyGroupToggle } from "../agent/components/ReplyGroupToggle";
import { ReplyText } from "../agent/components/ReplyText";
import { StatusUpdateCard } from "../agent/components/StatusUpdateCard";
import { SystemAlert } from "../agent/components/SystemAlert";
import { parsePermissionRequest } from "../agent/model/cards";
import { isLiveReply } from "../agent/model/streaming";

const LONG_PRESS_MS = 500;

function MessageBody({ message }: { message: UiMessage }) {
  const { names } = useMessageActions();
  if (message.messageType === "merged_forward") {
    const content = parseMergedForward(message.content);
    return content ? <ChatHistoryCard messageId={message.id} content={content} /> : null;
  }
  if (message.messageType === "ai_response" || message.isStreamingMessage) {
    return (
      <>
        <ReplyText message={message} names={names} />
        <Attachments attachments={message.attachments} chatId={message.chat_id} />
      </>
    );
  }
  return (
    <>
      {message.content && <Markdown text={message.content} names={names} />}
      <Attachments attachments={message.attachments} chatId={message.chat_id} />
    </>
  );
}

function SendState({ message }: { message: UiMessage }) {
  const { t } = useTranslation();
  if (message.failed) return <span className="msg__state msg__state--failed">{t("chat.list.notSent", { error: message.failed })}</span>;
  // After the 5 s ack wait the message reads as sent though it stays pending (spec 02 §4).
  if (message.pending && !message.shownAsSent) return <span className="msg__state">{t("chat.list.sending")}</span>;
  return null;
}

function GroupToggle({ messageId }: { messageId: string }) {
  const { groups } = useMessageActions();
  const count = groups?.count(messageId) ?? 0;
  if (!groups || count === 0) return null;
  return <ReplyGroupToggle messageId={messageId} count={count} collapsed={groups.collapsed(messageId)} onToggle={() => groups.toggle(messageId)} />;
}

/** One entry of the list: a status line, an alert, a permission card, or an ordinary message row. */
export const MessageItem = memo(function MessageItem({ message }: { message: UiMessage }) {
  // Permission cards are known by their content; the protocol does not fix their messageType.
  if (parsePermissionRequest(message.content)) return <PermissionRequestCard message={message} />;
  if (message.messageType === "status_update") return <StatusUpdateCard message={message} />;
  if (message.messageType === "system_alert") return <SystemAlert message={message} />;
  return <MessageRow message={message} />;
});

/** A message row: avatar, name, time, content, reply preview, reactions, actions, selection. */
function MessageRow({ message }: { message: UiMessage }) {
  const { t, i18n } = useTranslation();
  const actions = useMessageActions();
  const pressTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const id = message.id;
  const mine = message.sender?.id === actions.me.id;
  const name = senderName(message);
  const selectable = isSelectable(message);
  const selected = actions.selected.has(id);
  const withActions = hasActions(message) && !actions.selecting && !message.pending && !message.failed;
  const image = message.virtualSender?.avatarUrl ?? message.sender?.image ?? null;
  // A history card or attachments without text carry their own frame.
  const cardOnly = message.messageType === "merged_forward" || (!message.content && message.attachments.length > 0);

  const select = (event: MouseEvent) => {
    // Right-click on a link or on selected text keeps the browser's menu (open, copy).
    const selectedText = window.getSelection()?.toString() ?? "";
    if (!selectable || selectedText.trim() !== "" || (event.target as HTMLElement).closest("a")) return;
    event.preventDefault();
    if (actions.selecting) actions.toggleSelected(message);
    else actions.startSelection(message);
  };
  const cancelPress = () => {
    if (pressTimer.current) clearTimeout(pressTimer.current);
    pressTimer.current = null;
  };
  const startPress = () => {
    if (!selectable || actions.selecting) return;
    cancelPress();
    pressTimer.current = setTimeout(() => actions.startSelection(message), LONG_PRESS_MS);
  };
  const onRowClick = (event: MouseEvent) => {
    // In selection mode the whole row toggles, except for links, buttons and the checkbox.
    if (!actions.selecting || !selectable) return;
    if ((event.target as HTMLElement).closest("a, button, input")) return;
    actions.toggleSelected(message);
  };

  return (
    <div
      className={`msg${mine ? " msg--mine" : ""}${selected ? " msg--selected" : ""}${actions.highlightId === id ? " msg--highlight" : ""}${actions.selecting ? " msg--selecting" : ""}`}
      data-testid={`message-${id}`}
      data-pending={message.pending ? "true" : undefined}
      data-seq={message.seq || undefined}
      data-message-type={message.messageType}
      onContextMenu={select}
      onTouchStart={startPress}
      onTouchEnd={cancelPress}
      onTouchMove={cancelPress}
      onClick={onRowClick}
    >
      {actions.selecting && selectable && (
        <input
          type="checkbox"
          className="msg__check"
          checked={selected}
          onChange={() => actions.toggleSelected(message)}
          aria-label={t("chat.selection.select", { name })}
        />
      )}
      <Avatar name={name || "?"} image={image} size={32} />
      <div className="msg__main">
        <div className="msg__meta">
          <span className="msg__sender">{mine ? t("chat.list.you") : name}</span>
          <time className="msg__time" dateTime={message.createdAt} title={fullTime(message.createdAt, i18n.language)}>
            {formatMessageTime(message.createdAt, i18n.language)}
          </time>
          <SendState message={message} />
        </div>
        {message.replyToMessageId && (
          <button type="button" className="msg__reply" onClick={() => actions.jumpTo(message.replyToMessageId!)} aria-label={t("chat.list.jumpToOriginal")}>
            <span className="msg__reply-name">{t("chat.list.replyTo", { name: message.replyToMessage?.senderName ?? "" })}</span>
            {message.replyToMessage && <span className="msg__reply-text">{message.replyToMessage.content}</span>}
          </button>
        )}
        <div
          className={`msg__bubble${cardOnly ? " msg__bubble--bare" : ""}`}
          data-testid={`message-content-${id}`}
          data-streaming={isLiveReply(message) ? "true" : undefined}
          aria-busy={isLiveReply(message) || undefined}
        >
          <MessageBody message={message} />
        </div>
        <MessageFooter message={message} />
        {message.isUserMessage && <GroupToggle messageId={id} />}
      </div>
      {withActions && <MessageActions message={message} />}
    </div>
  );
}
