import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatListItem, SessionUser } from "../../../../contract";
import { useChatRoom } from "../hooks/useChatRoom";
import { useMessageOps } from "../hooks/useMessageOps";
import { senderName } from "../model/messageFrame";
import type { ReplyTarget, StreamKey, UiMessage } from "../model/types";
import { ChatTabs } from "./ChatTabs";
import { Composer } from "./Composer";
import { DislikeDialog } from "./DislikeDialog";
import { ForwardDialog } from "./ForwardDialog";
import type { MessageActionsValue } from "./messageContext";
import { SelectionBar } from "./SelectionBar";
import { StreamPane } from "./StreamPane";
import { ChatHeader } from "../../groups/ChatHeader";
import type { ComposerExtension } from "../../../ui/composerExtension";
import { AgentComposerBar } from "../agent/components/AgentComposerBar";
import { ControlToolbar } from "../agent/components/ControlToolbar";
import { ForwardDiscussButton } from "../agent/components/ForwardDiscussButton";
import { GeneratingIndicator } from "../agent/components/GeneratingIndicator";
import { PauseButton } from "../agent/components/PauseButton";
import { QuotaDialog } from "../agent/components/QuotaDialog";
import { useComposerSettings } from "../agent/hooks/useComposerSettings";
import { useReplyActions } from "../agent/hooks/useReplyActions";
import { RequestStatusContext, useRequestStatusStore } from "../agent/hooks/useRequestStatus";
import { agentSendRule, canPause, isController } from "../agent/model/control";

const NOTHING_SELECTED: ReadonlySet<string> = new Set();

/** The open chat: header, stream tabs, message list, composer or selection bar, dialogs. */
export function ChatRoom({ chat, me, composerExtension }: { chat: ChatListItem; me: SessionUser; composerExtension?: ComposerExtension }) {
  const { t } = useTranslation();
  const room = useChatRoom(chat, me);
  const { streamKeys, active, streams, unread } = room;
  const ops = useMessageOps(chat.id, streams.dispatch);
  const [replies, setReplies] = useState<Partial<Record<StreamKey, ReplyTarget>>>({});
  const [focusSignal, setFocusSignal] = useState(0);
  const [selection, setSelection] = useState<ReadonlySet<string> | null>(null);
  const [forwardOpen, setForwardOpen] = useState(false);
  const [dislikeTarget, setDislikeTarget] = useState<UiMessage | null>(null);
  const [onlyRequests, setOnlyRequests] = useState(false);
  const current = streams.state[active];
  // Spec 02 §2.6: the eye toggle narrows the agent tab to the requests people sent the agent.
  const stream = useMemo(
    () => (onlyRequests && active === "agent" ? { ...current, messages: current.messages.filter((m) => m.messageType === "user_request" || m.messageType === "merged_forward") } : current),
    [onlyRequests, active, current],
  );
  const tabbed = streamKeys.length > 1;
  const { runs, control } = room;
  const settings = useComposerSettings();
  const requestStatuses = useRequestStatusStore();
  const controlState = control.control;
  const mayAsk = useCallback((target: StreamKey) => target === "askOnly" || isController(controlState, me.id), [controlState, me.id]);
  const replyActions = useReplyActions(chat, streams.dispatch, mayAsk, runs.sent);
  const asksAgent = active === "agent" || active === "askOnly";
  const memberHint = active === "agent" && agentSendRule(controlState, me.id) === "request" ? t("agent.composer.memberHint") : null;
  const pausable = canPause(controlState, me.id, active, runs.flags);

  const changeTab = useCallback(
    (next: StreamKey) => {
      setSelection(null);
      room.setActive(next);
    },
    [room],
  );

  const names = useMemo(() => chat.participants.map((p) => p.name), [chat.participants]);
  const agentName = chat.participants.find((p) => p.type === "virtual_employee" || p.isAI)?.name ?? null;

  const actions = useMemo<Omit<MessageActionsValue, "jumpTo" | "highlightId">>(
    () => ({
      me: { id: me.id, name: me.name },
      names,
      selecting: selection !== null,
      selected: selection ?? NOTHING_SELECTED,
      reply: (message) => {
        setReplies((all) => ({ ...all, [active]: { id: message.id, content: message.content.slice(0, 100), senderName: senderName(message) } }));
        setFocusSignal((n) => n + 1);
      },
      copy: (message) => void ops.copy(message),
      forward: (message) => setSelection(new Set([message.id])),
      startSelection: (message) => setSelection(new Set([message.id])),
      toggleSelected: (message) =>
        setSelection((current) => {
          const next = new Set(current ?? []);
          if (next.has(message.id)) next.delete(message.id);
          else next.add(message.id);
          // Deselecting the last message leaves selection mode (spec 02 §4).
          return next.size > 0 ? next : null;
        }),
      react: (message, emoji) => void ops.react(message, emoji),
      like: (message) => void ops.like(message),
      // Repeating a thumbs-down resets it without asking again.
      dislike: (message) => (message.likes.userDisliked ? void ops.dislike(message, "", "") : setDislikeTarget(message)),
      replies: replyActions,
    }),
    [me.id, me.name, names, selection, active, ops, replyActions],
  );

  const selectedMessages = useMemo(() => (selection ? stream.messages.filter((m) => selection.has(m.id)) : []), [selection, stream.messages]);
  const removedText = room.room.removed ? t(`chat.removed.${room.room.removed}`) : null;

  return (
    <div className="chat-area" data-testid="chat-area" aria-label={t("chat.areaLabel")} role="region">
      <ChatHeader chat={chat} connected={room.room.connected} />
      {tabbed && (
        <div className="chat-control">
          <ChatTabs streams={streamKeys} active={active} onChange={changeTab} badge={unread.badge} />
          {active === "agent" && (
            <button
              type="button"
              className={`icon-btn chat-control__eye${onlyRequests ? " is-on" : ""}`}
              data-testid="agent-requests-filter"
              aria-pressed={onlyRequests}
              aria-label={t("agent.control.onlyRequests")}
              title={t("agent.control.onlyRequests")}
              onClick={() => setOnlyRequests((on) => !on)}
            >
              <span aria-hidden>👁</span>
            </button>
          )}
          <ControlToolbar chat={chat} meId={me.id} control={controlState} onRequest={() => control.requestControl("", false)} onDecide={control.decide} onToggle={control.toggle} />
        </div>
      )}
      <div className="chat-area__panel" {...(tabbed ? { id: "chat-stream-panel", role: "tabpanel", "aria-labelledby": `chat-tab-${active}` } : {})}>
        {room.everConnected && !room.room.connected && !removedText && (
          <p className="chat-area__notice" role="status">
            {t("chat.reconnecting")}
          </p>
        )}
        <RequestStatusContext.Provider value={requestStatuses}>
          <StreamPane key={active} stream={stream} actions={actions} onLoadOlder={() => streams.loadOlder(active)} followSignal={room.followSignal} agentName={agentName} grouped={active === "agent"} />
        </RequestStatusContext.Provider>
      </div>
      {tabbed && <GeneratingIndicator kind={chat.chatType} tab={active} flags={runs.flags} />}
      {removedText ? (
        <p className="chat-area__removed" role="status">
          {removedText}
        </p>
      ) : selection ? (
        <SelectionBar count={selection.size} onCancel={() => setSelection(null)} onForward={() => setForwardOpen(true)} />
      ) : (
        <Composer
          chatId={chat.id}
          stream={active}
          streams={streamKeys}
          replyTo={replies[active] ?? null}
          onCancelReply={() => setReplies((all) => ({ ...all, [active]: undefined }))}
          onSend={async (message) => {
            const lane = message.stream === "agent" || message.stream === "askOnly";
            const taken = await room.send(lane ? { ...message, agentConfig: settings.configFor(message.stream) } : message);
            if (taken) setReplies((all) => ({ ...all, [message.stream]: undefined }));
            return taken;
          }}
          focusSignal={focusSignal}
          toolbar={
            asksAgent ? (
              <AgentComposerBar stream={active} settings={settings} hint={memberHint} />
            ) : active === "discuss" && streamKeys.includes("agent") ? (
              <ForwardDiscussButton chatId={chat.id} mayForward={isController(controlState, me.id)} onForwarded={() => changeTab("agent")} />
            ) : null
          }
          trailing={pausable ? <PauseButton onPause={() => runs.pause(active)} /> : null}
          extension={composerExtension}
        />
      )}
      {forwardOpen && (
        <ForwardDialog
          open={forwardOpen}
          onOpenChange={setForwardOpen}
          chatId={chat.id}
          messages={selectedMessages}
          onForwarded={() => {
            setForwardOpen(false);
            setSelection(null);
          }}
        />
      )}
      <QuotaDialog open={runs.quotaOpen} onClose={runs.closeQuota} />
      <DislikeDialog open={dislikeTarget !== null} onOpenChange={(open) => !open && setDislikeTarget(null)} onSubmit={(reason, details) => (dislikeTarget ? ops.dislike(dislikeTarget, reason, details) : Promise.resolve(false))} />
    </div>
  );
}
