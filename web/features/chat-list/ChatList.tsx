import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ChatListItem } from "../../../contract";
import { markChatRead, setChatUnread, streamOnOpen, withStreamsRead } from "../../app/realtime/chatListCache";
import { selectChat, useSelection } from "../../app/session/selection";
import { LoadState } from "../../ui/LoadState";
import { ChatFilterTabs } from "./ChatFilterTabs";
import { ChatListEmpty } from "./ChatListEmpty";
import { ChatListHeader } from "./ChatListHeader";
import { ChatRow } from "./ChatRow";
import { CollapsedChatList } from "./CollapsedChatList";
import { selectionStep, stepSelection, unreadSummary, visibleChats, type ChatFilter } from "./chatFilters";
import { useChatList } from "./useChatList";
import { useOpenOnArrival } from "./arrival";

export interface ChatListProps {
  collapsed: boolean;
  onExpand: () => void;
  onNewGroup: () => void;
  onNewChat: () => void;
  onInviteFriend: () => void;
  /** Rows kept above the chats whatever the filter (the system chat); the app layer supplies them. */
  pinned?: ReactNode;
}

function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** The chat list sidebar (spec 02 §2.1). */
export function ChatList({ collapsed, onExpand, onNewGroup, onNewChat, onInviteFriend, pinned }: ChatListProps) {
  const { t } = useTranslation();
  const { chats, loaded, loading, failed, retry } = useChatList();
  const { chatId: selectedId, projectId } = useSelection();
  const [filter, setFilter] = useState<ChatFilter>("all");
  const [query, setQuery] = useState("");
  const rows = useRef(new Map<string, HTMLButtonElement>());
  const marked = useRef<string | null>(null);

  const shown = useMemo(() => visibleChats(chats, filter, query), [chats, filter, query]);
  const unread = useMemo(() => unreadSummary(chats), [chats]);
  const selectedRow = selectedId ? chats.find((chat) => chat.id === selectedId) : undefined;
  useOpenOnArrival(chats, loaded, selectedId);

  // Opening a chat reads its first tab: clear that count at once, then store what the server counts.
  useEffect(() => {
    if (!selectedId) {
      marked.current = null;
      return;
    }
    if (!selectedRow || marked.current === selectedId) return;
    marked.current = selectedId;
    const streams = [streamOnOpen(selectedRow)];
    if (selectedRow.unread?.total) void setChatUnread(selectedId, { unread: withStreamsRead(selectedRow.unread, streams) });
    void markChatRead(selectedId, streams);
    // A chat opened from the URL learns its project once the list has it.
    if (selectedRow.project_id !== projectId) selectChat(selectedId, selectedRow.project_id);
  }, [selectedId, selectedRow, projectId]);

  useEffect(() => {
    if (selectedId) rows.current.get(selectedId)?.scrollIntoView?.({ block: "nearest" });
  }, [selectedId, collapsed]);

  const open = (chat: ChatListItem) => selectChat(chat.id, chat.project_id);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (isTextEntry(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
    const step = selectionStep(event.key);
    if (!step) return;
    event.preventDefault();
    const nextId = stepSelection(
      shown.map((chat) => chat.id),
      selectedId,
      step,
    );
    const next = nextId ? shown.find((chat) => chat.id === nextId) : undefined;
    if (!next) return;
    if (next.id !== selectedId) open(next);
    rows.current.get(next.id)?.focus();
  };

  if (collapsed) {
    return (
      <div className="chat-list chat-list--collapsed">
        {pinned}
        <CollapsedChatList chats={chats} selectedId={selectedId} onSelect={open} onExpand={onExpand} />
      </div>
    );
  }

  const focusId = shown.some((chat) => chat.id === selectedId) ? selectedId : (shown[0]?.id ?? null);
  return (
    <section className="chat-list" aria-labelledby="chat-list-title" data-testid="chat-list" data-loaded={loaded ? "true" : "false"}>
      <ChatListHeader onNewGroup={onNewGroup} onNewChat={onNewChat} query={query} onQueryChange={setQuery} />
      <ChatFilterTabs value={filter} onChange={setFilter} unread={unread} />
      <LoadState loading={loading && !loaded} failed={failed} failedText={t("chatList.loadFailed")} onRetry={() => void retry()} />
      {pinned}
      {loaded && shown.length === 0 && <ChatListEmpty query={query} filter={filter} total={chats.length} onInviteFriend={onInviteFriend} />}
      <ul className="chat-list__rows" aria-labelledby="chat-list-title" onKeyDown={onKeyDown}>
        {shown.map((chat) => (
          <ChatRow
            key={chat.id}
            ref={(element) => {
              if (element) rows.current.set(chat.id, element);
              else rows.current.delete(chat.id);
            }}
            chat={chat}
            selected={chat.id === selectedId}
            focusable={chat.id === focusId}
            onSelect={open}
          />
        ))}
      </ul>
    </section>
  );
}
