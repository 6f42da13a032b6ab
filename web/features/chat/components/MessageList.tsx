import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import { Virtuoso, type VirtuosoHandle } from "react-virtuoso";
import { useMessageSpacing } from "../../../app/messageSpacing";
import { Spinner } from "../../../ui/Spinner";
import { countsKey, groupReplies } from "../agent/model/grouping";
import type { JumpFocus } from "../hooks/useMessageJump";
import type { StreamState, UiMessage } from "../model/types";
import { MessageActionsContext, type MessageActionsValue } from "./messageContext";
import { MessageItem } from "./MessageItem";
import { ArrowDownIcon } from "../../../ui/icons";
import { FOLLOW_THRESHOLD_PX, USER_SCROLL_EVENTS, useBottomFollow } from "./useBottomFollow";

/** Virtuoso indexes only need to stay positive as older pages are prepended. */
const START_INDEX = 1_000_000;
/** Spec 02 §9: load earlier within 100 px of the top. */
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

/** Whether some of `row` shows inside the scroller's box. */
function inView(row: HTMLElement, scroller: HTMLElement): boolean {
  const box = row.getBoundingClientRect();
  const frame = scroller.getBoundingClientRect();
  return box.height > 0 && box.bottom > frame.top && box.top < frame.bottom;
}

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
  const spacing = useMessageSpacing();
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

  const scroller = useRef<HTMLElement | null>(null);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  // ---- a jumped-to message stays in view until the user has seen it ----
  // Virtuoso positions a freshly mounted list at the bottom a few frames after it drew its first
  // rows, and the rows measured after a scroll move things again: a single scrollToIndex loses to
  // both. So the target is pinned, and every scroll or range change brings it back if it is out of
  // view. The pin ends once the row shows (Virtuoso keeps its rows hidden until its own initial
  // positioning is done), when the user scrolls or goes elsewhere, or when the highlight ends.
  const pinned = useRef<string | null>(null);
  const pinFrame = useRef(0);
  const keepPinned = useCallback(() => {
    pinFrame.current = 0;
    const id = pinned.current;
    const el = scroller.current;
    if (!id || !el) return;
    const index = messagesRef.current.findIndex((m) => m.id === id);
    if (index < 0) {
      pinned.current = null;
      return;
    }
    const row = el.querySelector<HTMLElement>(`[data-testid="message-${CSS.escape(id)}"]`);
    if (row && inView(row, el)) {
      if (getComputedStyle(row).visibility === "visible") pinned.current = null;
      return;
    }
    virtuoso.current?.scrollToIndex({ index, align: "center", behavior: "auto" });
  }, []);
  /** Checks the pin after the browser drew the rows of the latest scroll. */
  const checkPin = useCallback(() => {
    if (pinned.current && !pinFrame.current) pinFrame.current = requestAnimationFrame(keepPinned);
  }, [keepPinned]);
  const unpin = useCallback(() => {
    pinned.current = null;
  }, []);
  useEffect(() => () => cancelAnimationFrame(pinFrame.current), []);

  // ---- the bottom: following new messages, the jump button ----
  const toBottom = useCallback((smooth: boolean) => {
    pinned.current = null;
    virtuoso.current?.scrollToIndex({ index: "LAST", align: "end", behavior: smooth ? "smooth" : "auto" });
  }, []);
  const follow = useBottomFollow(
    () => toBottom(false),
    () => pinned.current !== null,
  );
  const { attach, leave } = follow;
  /** While following, the bottom after the rows' sizes changed: once per frame, however many changed. */
  const settleFrame = useRef(0);
  const settleAtBottom = useCallback(() => {
    if (settleFrame.current) return;
    settleFrame.current = requestAnimationFrame(() => {
      settleFrame.current = 0;
      if (follow.following.current && !pinned.current) toBottom(false);
    });
  }, [follow.following, toBottom]);
  useEffect(() => () => cancelAnimationFrame(settleFrame.current), []);
  const scrollerRef = useCallback(
    (el: HTMLElement | Window | null) => {
      scroller.current?.removeEventListener("scroll", checkPin);
      for (const type of USER_SCROLL_EVENTS) scroller.current?.removeEventListener(type, unpin);
      scroller.current = el instanceof HTMLElement ? el : null;
      attach(scroller.current);
      scroller.current?.addEventListener("scroll", checkPin, { passive: true });
      for (const type of USER_SCROLL_EVENTS) scroller.current?.addEventListener(type, unpin, { passive: true });
    },
    [checkPin, unpin, attach],
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

  useEffect(() => onFollow(() => requestAnimationFrame(() => toBottom(false))), [onFollow, toBottom]);

  // ---- reply previews jump to the original ----
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const jumpTo = useCallback(
    (messageId: string) => {
      const index = messagesRef.current.findIndex((m) => m.id === messageId);
      if (index < 0) {
        toast.info(t("chat.list.originalNotLoaded"));
        return;
      }
      pinned.current = null;
      leave();
      virtuoso.current?.scrollToIndex({ index, align: "center", behavior: "smooth" });
      setHighlightId(messageId);
    },
    [t, leave],
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
    pinned.current = focus.messageId;
    leave();
    checkPin();
  }, [focus, messages, collapsed, stream.messages, checkPin, leave]);
  useEffect(() => {
    if (!highlightId) return;
    const timer = setTimeout(() => {
      pinned.current = null;
      setHighlightId(null);
    }, HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightId]);

  const value = useMemo<MessageActionsValue>(() => ({ ...actions, jumpTo, highlightId, groups }), [actions, jumpTo, highlightId, groups]);
  const context = useMemo<ListContext>(() => ({ loading: stream.loading, hasMore: stream.hasMore }), [stream.loading, stream.hasMore]);

  return (
    <MessageActionsContext.Provider value={value}>
      {/* Spec 02 §2.13 spacing modes: chat.css sets the row spacing from data-spacing. */}
      <div className="message-list__viewport" data-spacing={spacing} data-testid="message-list-viewport">
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
          // Our rule, not Virtuoso's "at bottom": that one is false for a moment whenever the last
          // row grew after it was measured (a long message drawn at its estimated height), and a
          // card arriving in that moment was not followed; the list then stayed above it for good.
          followOutput={() => (follow.following.current && !pinned.current ? "auto" : false)}
          // Virtuoso follows new items, not an item that grows (a streaming reply, a card whose
          // status changed, a row re-measured): while following, each change goes back down.
          totalListHeightChanged={settleAtBottom}
          rangeChanged={checkPin}
          atBottomThreshold={FOLLOW_THRESHOLD_PX}
          atTopThreshold={LOAD_EARLIER_THRESHOLD_PX}
          atTopStateChange={(value) => {
            atTop.current = value;
            if (value) void loadWhileAtTop();
          }}
          increaseViewportBy={{ top: 400, bottom: 200 }}
          scrollerRef={scrollerRef}
        />
        {follow.far && (
          <button type="button" className="jump-latest" onClick={() => toBottom(true)} data-testid="jump-to-latest">
            <ArrowDownIcon size={14} /> {t("chat.list.jumpToLatest")}
          </button>
        )}
      </div>
    </MessageActionsContext.Provider>
  );
}
