import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatListItem, SessionUser } from "../../../../contract";
import { useMessageJump } from "../hooks/useMessageJump";
import { useMessageOps } from "../hooks/useMessageOps";
import { senderName } from "../model/messageFrame";
import type { ReplyTarget, StreamKey, UiMessage } from "../model/types";
import { ChatStoreProvider, useChatState, useChatStore } from "../store/ChatStoreProvider";
import type { ChatStoreOptions } from "../store/chatStore";
import { ActiveStream, ForwardSelection } from "./ActiveStream";
import { ChatTabs } from "./ChatTabs";
import { Composer, type ComposerFocus } from "./Composer";
import type { MessageActionsValue } from "./messageContext";
import { SelectionBar } from "./SelectionBar";
import type { ChatHeaderSlot, ComposerExtension } from "../../../ui/composerExtension";
import { AgentComposerBar } from "../agent/components/AgentComposerBar";
import { ControlToolbar } from "../agent/components/ControlToolbar";
import { ForwardDiscussButton } from "../agent/components/ForwardDiscussButton";
import { GeneratingIndicator } from "../agent/components/GeneratingIndicator";
import { PauseButton } from "../agent/components/PauseButton";
import { useComposerSettings } from "../agent/hooks/useComposerSettings";
import { useRegisterAgentSender } from "../../../app/agentSender";
import { useWorkspaceReady } from "../../../app/workspaceReady";
import { useReplyActions } from "../agent/hooks/useReplyActions";
import { RequestStatusContext, useRequestStatusStore } from "../agent/hooks/useRequestStatus";
import { agentSendRule, canPause, isController } from "../agent/model/control";
import { LazyBoundary, lazyDialog } from "../../../ui/lazy";
import { ApprovalCard, preloadCodingPanels, TodoListPanel } from "../agent/components/codingPanels";
import { EyeIcon } from "../../../ui/icons";

const DislikeDialog = lazyDialog(() => import("./DislikeDialog").then((m) => m.DislikeDialog));
const QuotaDialog = lazyDialog(() => import("../agent/components/QuotaDialog").then((m) => m.QuotaDialog), {
  isOpen: (props) => props.open,
  close: (props) => props.onClose(),
});

const NOTHING_SELECTED: ReadonlySet<string> = new Set();

interface ChatRoomProps {
  chat: ChatListItem;
  me: SessionUser;
  composerExtension?: ComposerExtension;
  header: ChatHeaderSlot;
  /** The socket transport of the chat's store (tests hand in their own). */
  storeOptions?: ChatStoreOptions;
}

/** The open chat, with its own store for as long as it is open. */
export function ChatRoom({ chat, me, composerExtension, header, storeOptions }: ChatRoomProps) {
  return (
    <ChatStoreProvider chat={chat} me={me} options={storeOptions}>
      <ChatRoomView chat={chat} me={me} composerExtension={composerExtension} header={header} />
    </ChatStoreProvider>
  );
}

/**
 * Header, stream tabs, message list, composer or selection bar, dialogs. It selects only what
 * changes rarely (tab, connection, control, generation flags), so a streamed token re-renders the
 * list, not this.
 */
function ChatRoomView({ chat, me, composerExtension, header: Header }: Omit<ChatRoomProps, "storeOptions">) {
  const { t } = useTranslation();
  const store = useChatStore();
  const { streamKeys } = store;
  const active = useChatState((s) => s.active);
  const connected = useChatState((s) => s.connected);
  const everConnected = useChatState((s) => s.everConnected);
  const removed = useChatState((s) => s.removed);
  const control = useChatState((s) => s.control);
  const flags = useChatState((s) => s.flags);
  const quotaOpen = useChatState((s) => s.quotaOpen);
  const unreadHere = useChatState((s) => s.unreadHere);
  const ops = useMessageOps(chat.id, store.dispatch);
  const [replies, setReplies] = useState<Partial<Record<StreamKey, ReplyTarget>>>({});
  const composer = useRef<ComposerFocus>(null);
  const [selection, setSelection] = useState<ReadonlySet<string> | null>(null);
  const [forwardOpen, setForwardOpen] = useState(false);
  const [dislikeTarget, setDislikeTarget] = useState<UiMessage | null>(null);
  const [onlyRequests, setOnlyRequests] = useState(false);
  const tabbed = streamKeys.length > 1;
  // The coding agent's todo list and approval card exist only in project chats, and load with them.
  const coding = !!chat.project_id;
  useEffect(() => {
    if (coding) void preloadCodingPanels();
  }, [coding]);
  const settings = useComposerSettings();
  const requestStatuses = useRequestStatusStore();
  const mayAsk = useCallback((target: StreamKey) => target === "askOnly" || isController(control, me.id), [control, me.id]);
  const replyActions = useReplyActions(chat, store.dispatch, mayAsk, store.runStarted);
  const asksAgent = active === "agent" || active === "askOnly";
  const memberHint = active === "agent" && agentSendRule(control, me.id) === "request" ? t("agent.composer.memberHint") : null;
  const pausable = canPause(control, me.id, active, flags);
  // The coding agent works in the project's sandbox: while it is not up, the agent tab cannot ask (spec 02 §2.7).
  const workspace = useWorkspaceReady(chat.project_id);
  const unavailable = asksAgent && !workspace.ready && workspace.reason ? t(`workspace.sandboxState.${workspace.reason}`) : null;
  // The workspace's "Commit with agent" sends through this chat, as this user.
  useRegisterAgentSender(chat.id, isController(control, me.id), async (text) => {
    store.setActive("agent");
    return store.send({ stream: "agent", text, attachments: [], replyTo: null, agentConfig: settings.configFor("agent") });
  });

  const changeTab = useCallback(
    (next: StreamKey) => {
      setSelection(null);
      store.setActive(next);
    },
    [store],
  );
  // A search hit or mention opens its tab with every message showing, then the list scrolls to it.
  const showStream = useCallback(
    (stream: StreamKey) => {
      setOnlyRequests(false);
      if (store.state.getState().active !== stream) changeTab(stream);
    },
    [store, changeTab],
  );
  const jump = useMessageJump(chat.id, store, showStream);
  const badge = (stream: StreamKey): number => {
    if (stream === active) return 0;
    const server = stream === "agent" ? chat.unread.agent : stream === "discuss" || stream === "human" ? chat.unread.human : 0;
    return server + unreadHere[stream];
  };

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
        composer.current?.focus();
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

  const removedText = removed ? t(`chat.removed.${removed}`) : null;

  return (
    <div className="chat-area" data-testid="chat-area" aria-label={t("chat.areaLabel")} role="region">
      <Header chat={chat} connected={connected} />
      {tabbed && (
        <div className="chat-control">
          <ChatTabs streams={streamKeys} active={active} onChange={changeTab} badge={badge} />
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
              <EyeIcon />
            </button>
          )}
          <ControlToolbar
            chat={chat}
            meId={me.id}
            control={control}
            onRequest={() => store.requestControl("", false)}
            onDecide={store.decide}
            onToggle={store.toggle}
          />
        </div>
      )}
      <div className="chat-area__panel" {...(tabbed ? { id: "chat-stream-panel", role: "tabpanel", "aria-labelledby": `chat-tab-${active}` } : {})}>
        {everConnected && !connected && !removedText && (
          <p className="chat-area__notice" role="status">
            {t("chat.reconnecting")}
          </p>
        )}
        {jump.pages !== null && (
          <p className="chat-area__notice" role="status" data-testid="jump-progress">
            {jump.pages > 0 ? t("search.jump.finding", { count: jump.pages }) : t("search.jump.findingFirst")}
          </p>
        )}
        <RequestStatusContext.Provider value={requestStatuses}>
          <ActiveStream key={active} stream={active} onlyRequests={onlyRequests} actions={actions} agentName={agentName} focus={jump.focus} />
        </RequestStatusContext.Provider>
        {active === "agent" && coding && (
          <LazyBoundary variant="inline">
            <TodoListPanel />
          </LazyBoundary>
        )}
      </div>
      {tabbed && <GeneratingIndicator kind={chat.chatType} tab={active} flags={flags} />}
      {active === "agent" && coding && !removedText && !selection && (
        <LazyBoundary variant="inline">
          <ApprovalCard meId={me.id} />
        </LazyBoundary>
      )}
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
            // While an approval card shows, 'yes' or 'no' answers it instead of becoming a message.
            if (message.stream === "agent") {
              const answered = store.answerFromComposer(message.attachments.length ? "" : message.text);
              if (answered !== null) return answered;
            }
            const lane = message.stream === "agent" || message.stream === "askOnly";
            const taken = await store.send(lane ? { ...message, agentConfig: settings.configFor(message.stream) } : message);
            if (taken) setReplies((all) => ({ ...all, [message.stream]: undefined }));
            return taken;
          }}
          focusRef={composer}
          toolbar={
            asksAgent ? (
              <AgentComposerBar stream={active} settings={settings} hint={memberHint} />
            ) : active === "discuss" && streamKeys.includes("agent") ? (
              <ForwardDiscussButton chatId={chat.id} mayForward={isController(control, me.id)} onForwarded={() => changeTab("agent")} />
            ) : null
          }
          trailing={pausable ? <PauseButton onPause={() => store.pause(active)} /> : null}
          extension={composerExtension}
          unavailable={unavailable}
        />
      )}
      {forwardOpen && (
        <ForwardSelection
          stream={active}
          onlyRequests={onlyRequests}
          chatId={chat.id}
          selection={selection ?? NOTHING_SELECTED}
          onOpenChange={setForwardOpen}
          onForwarded={() => {
            setForwardOpen(false);
            setSelection(null);
          }}
        />
      )}
      <QuotaDialog open={quotaOpen} onClose={store.closeQuota} />
      <DislikeDialog
        open={dislikeTarget !== null}
        onOpenChange={(open) => !open && setDislikeTarget(null)}
        onSubmit={(reason, details) => (dislikeTarget ? ops.dislike(dislikeTarget, reason, details) : Promise.resolve(false))}
      />
    </div>
  );
}
