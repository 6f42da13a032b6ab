import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Virtuoso, type VirtuosoHandle } from "react-virtuoso";
import { Spinner } from "../../../ui/Spinner";
import { countsKey, groupReplies } from "../agent/model/grouping";
import type { JumpFocus } from "../hooks/useMessageJump";
import type { StreamState, UiMessage } from "../model/types";
import { MessageActionsContext, type MessageActionsValue } from "./messageContext";
import { MessageItem } from "./MessageItem";

/** Virtuoso indexes only need to stay positive as older pages are prepended. */
const START_INDEX = 1_000_000;
/** Spec 02 §9: follow new messages within 80 px of the bottom, offer a jump beyond 300 px, load earlier within 100 px of the top. */
const FOLLOW_THRESHOLD_PX = 80;
const JUMP_THRESHOLD_PX = 300;
const LOAD_EARLIER_THRESHOLD_PX = 100;
/** Spec 02 §9 "Initial scroll delay 200 ms": no paging until the list settled at the bottom. */
const INITIAL_SETTLE_MS = 200;
/** How long a message jumped to stays highlighted (the flash in chat.css lasts as long). */
const HIGHLIGHT_MS = 3000;

interface ListContext {
  loading: boolean;
  hasMore: boolean;
}

function LoadOlderStatus({ context }: { context: ListContext }) {
  const { t } = useTranslation();
  const text = context.loading ? t("chat.loader.loading") : context.hasMore ? t("chat.loader.more") : t("chat.loader.none");
  return (
    <div className="load-older" data-testid="load-older-status" role="status">
      {context.loading && <Spinner size={12} />}
      <span>{text}</span>
    </div>
  );
}

const COMPONENTS = { Header: LoadOlderStatus };

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

interface MessageListProps {
  stream: StreamState;
  actions: Omit<MessageActionsValue, "jumpTo" | "highlightId">;
  onLoadOlder: () => Promise<boolean>;
  /** Subscribes to the user's sends: the list goes to the bottom whatever the scroll position. */
  onFollow: (listener: () => void) => () => void;
  /** The agent tab groups the agent's replies under their request (spec 02 §2.13). */
  grouped?: boolean;
  /** A message to scroll to and highlight once it is in the list (a search hit, a mention). */
  focus?: JumpFocus | null;
}

/**
 * The virtualized list of one stream (spec 02 §2.13). Older pages are prepended by lowering
 * `firstItemIndex` by the number of messages that appeared above the previous first one, which
 * keeps the viewport still.
 */
export function MessageList({ stream, actions, onLoadOlder, onFollow, grouped = false, focus = null }: MessageListProps) {
  const { t } = useTranslation();
  const virtuoso = useRef<VirtuosoHandle>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const grouping = useMemo(() => (grouped ? groupReplies(stream.messages, collapsed) : null), [grouped, stream.messages, collapsed]);
  const messages = grouping?.visible ?? stream.messages;
  const counts = useRef(grouping?.counts);
  counts.current = grouping?.counts;
  const groupKey = grouping ? countsKey(grouping.counts) : "";
  // Rebuilt only when a group's size or state changes, not on every streamed chunk.
  const groups = useMemo<MessageActionsValue["groups"]>(
    () =>
      grouped
        ? {
            count: (id) => counts.current?.get(id) ?? 0,
            collapsed: (id) => collapsed.has(id),
            toggle: (id) =>
              setCollapsed((current) => {
                const next = new Set(current);
                if (!next.delete(id)) next.add(id);
                return next;
              }),
          }
        : undefined,
    // groupKey stands for the counts, which are read through a ref: a new key must rebuild the groups.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [grouped, groupKey, collapsed],
  );
  const [anchor, setAnchor] = useState<{ id: string | null; index: number }>({ id: null, index: START_INDEX });
  const firstId = messages[0]?.id ?? null;
  let firstItemIndex = anchor.index;
  if (firstId !== anchor.id) {
    const moved = anchor.id ? messages.findIndex((m) => m.id === anchor.id) : -1;
    firstItemIndex = moved > 0 ? anchor.index - moved : anchor.index;
    setAnchor({ id: firstId, index: firstItemIndex });
  }

  // ---- distance from the bottom: the jump button ----
  const [far, setFar] = useState(false);
  const scroller = useRef<HTMLElement | null>(null);
  /** Where the user left the list; content growth alone (a streaming reply) does not change it. */
  const nearBottom = useRef(true);
  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight;
    setFar(distance > JUMP_THRESHOLD_PX);
    nearBottom.current = distance <= FOLLOW_THRESHOLD_PX;
  }, []);
  const scrollerRef = useCallback(
    (el: HTMLElement | Window | null) => {
      scroller.current?.removeEventListener("scroll", onScroll);
      scroller.current = el instanceof HTMLElement ? el : null;
      scroller.current?.addEventListener("scroll", onScroll, { passive: true });
    },
    [onScroll],
  );
  // ---- loading earlier pages near the top ----
  const atTop = useRef(false);
  const settled = useRef(false);
  const paging = useRef(false);
  const loadOlder = useRef(onLoadOlder);
  loadOlder.current = onLoadOlder;
  const loadWhileAtTop = useCallback(async () => {
    if (paging.current || !settled.current) return;
    paging.current = true;
    try {
      // Keep going only while the viewport really is near the top (a short first page).
      const nearTop = () => atTop.current && (scroller.current?.scrollTop ?? 0) <= LOAD_EARLIER_THRESHOLD_PX;
      while (nearTop() && (await loadOlder.current())) await nextFrame();
    } finally {
      paging.current = false;
    }
  }, []);
  useEffect(() => {
    const timer = setTimeout(() => {
      settled.current = true;
      if (atTop.current) void loadWhileAtTop();
    }, INITIAL_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [loadWhileAtTop]);

  const toBottom = useCallback((smooth: boolean) => {
    virtuoso.current?.scrollToIndex({ index: "LAST", align: "end", behavior: smooth ? "smooth" : "auto" });
  }, []);
  useEffect(() => onFollow(() => requestAnimationFrame(() => toBottom(false))), [onFollow, toBottom]);

  // ---- reply previews jump to the original ----
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const jumpTo = useCallback(
    (messageId: string) => {
      const index = messagesRef.current.findIndex((m) => m.id === messageId);
      if (index < 0) {
        toast.info(t("chat.list.originalNotLoaded"));
        return;
      }
      virtuoso.current?.scrollToIndex({ index, align: "center", behavior: "smooth" });
      setHighlightId(messageId);
    },
    [t],
  );
  // A jump target: shown once per nonce; a reply group collapsed over it opens first.
  const focused = useRef<number | null>(null);
  useEffect(() => {
    if (!focus || focused.current === focus.nonce) return;
    const index = messages.findIndex((m) => m.id === focus.messageId);
    if (index < 0) {
      if (collapsed.size > 0 && stream.messages.some((m) => m.id === focus.messageId)) setCollapsed(new Set());
      return;
    }
    focused.current = focus.nonce;
    setHighlightId(focus.messageId);
    focus.shown();
    // After Virtuoso laid out the rows the paging just added (not cancelled by a re-run: this nonce is done).
    requestAnimationFrame(() => virtuoso.current?.scrollToIndex({ index, align: "center", behavior: "auto" }));
  }, [focus, messages, collapsed, stream.messages]);
  useEffect(() => {
    if (!highlightId) return;
    const timer = setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);

  const value = useMemo<MessageActionsValue>(() => ({ ...actions, jumpTo, highlightId, groups }), [actions, jumpTo, highlightId, groups]);
  const context = useMemo<ListContext>(() => ({ loading: stream.loading, hasMore: stream.hasMore }), [stream.loading, stream.hasMore]);

  return (
    <MessageActionsContext.Provider value={value}>
      <div className="message-list__viewport">
        <Virtuoso<UiMessage, ListContext>
          ref={virtuoso}
          className="message-list__scroller"
          data={messages}
          context={context}
          firstItemIndex={firstItemIndex}
          initialTopMostItemIndex={{ index: "LAST", align: "end" }}
          alignToBottom
          computeItemKey={(_, message) => message.id}
          itemContent={(_, message) => <MessageItem message={message} />}
          components={COMPONENTS}
          followOutput={(isAtBottom) => (isAtBottom ? "smooth" : false)}
          // Virtuoso follows new items, not an item that grows: keep a streaming reply in view.
          totalListHeightChanged={() => {
            if (nearBottom.current) virtuoso.current?.autoscrollToBottom();
          }}
          atBottomThreshold={FOLLOW_THRESHOLD_PX}
          atTopThreshold={LOAD_EARLIER_THRESHOLD_PX}
          atTopStateChange={(value) => {
            atTop.current = value;
            if (value) void loadWhileAtTop();
          }}
          increaseViewportBy={{ top: 400, bottom: 200 }}
          scrollerRef={scrollerRef}
        />
        {far && (
          <button type="button" className="jump-latest" onClick={() => toBottom(true)} data-testid="jump-to-latest">
            <span aria-hidden>↓</span> {t("chat.list.jumpToLatest")}
          </button>
        )}
      </div>
    </MessageActionsContext.Provider>
  );
}
