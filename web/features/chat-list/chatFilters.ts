import type { ChatListItem } from "../../../contract";

export const CHAT_FILTERS = ["all", "agent", "human"] as const;
export type ChatFilter = (typeof CHAT_FILTERS)[number];

/** An agent chat has a virtual participant; a human chat has only people in it. */
export function isAgentChat(chat: ChatListItem): boolean {
  if (chat.has_agent || chat.agentCount > 0) return true;
  if (chat.type === "private_virtual" || chat.chatType === "virtual_employee" || chat.chatType === "single_group") return true;
  return chat.participants.some((p) => p.type === "virtual_employee" || p.isAI);
}

export function matchesFilter(chat: ChatListItem, filter: ChatFilter): boolean {
  if (filter === "all") return true;
  return filter === "agent" ? isAgentChat(chat) : !isAgentChat(chat);
}

/** Search matches the chat name, the owner's name and the participants' names, ignoring case. */
export function matchesQuery(chat: ChatListItem, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [chat.name, chat.chatOwnerName ?? "", chat.project_name ?? "", ...chat.participants.map((p) => p.name)];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

export function visibleChats(chats: readonly ChatListItem[], filter: ChatFilter, query: string): ChatListItem[] {
  return chats.filter((chat) => matchesFilter(chat, filter) && matchesQuery(chat, query));
}

export type UnreadSummary = Record<ChatFilter, number>;

/** Unread messages per filter tab; a tab shows its dot when its number is above zero. */
export function unreadSummary(chats: readonly ChatListItem[]): UnreadSummary {
  const summary: UnreadSummary = { all: 0, agent: 0, human: 0 };
  for (const chat of chats) {
    const total = Math.max(0, chat.unread?.total ?? 0);
    if (!total) continue;
    summary.all += total;
    summary[isAgentChat(chat) ? "agent" : "human"] += total;
  }
  return summary;
}

/**
 * How many avatars the collapsed sidebar shows. Everything when it all fits; otherwise as many as
 * fit next to the '+N' button (which takes one slot), but never fewer than 3.
 */
export function collapsedLayout(total: number, availablePx: number, slotPx: number, minimum = 3): { visible: number; overflow: number } {
  if (total <= 0) return { visible: 0, overflow: 0 };
  const slots = slotPx > 0 && Number.isFinite(availablePx) ? Math.floor(Math.max(0, availablePx) / slotPx) : total;
  if (total <= Math.max(slots, minimum)) return { visible: total, overflow: 0 };
  const visible = Math.min(total, Math.max(minimum, slots - 1));
  return { visible, overflow: total - visible };
}

/** The next chat for ArrowDown/s (+1) or ArrowUp/w (-1); from nothing selected it starts at an end. */
export function stepSelection(ids: readonly string[], current: string | null, step: 1 | -1): string | null {
  if (ids.length === 0) return null;
  const index = current ? ids.indexOf(current) : -1;
  if (index === -1) return step === 1 ? ids[0]! : ids[ids.length - 1]!;
  const next = Math.min(ids.length - 1, Math.max(0, index + step));
  return ids[next]!;
}

/** Keys that move the list selection, or null for any other key. */
export function selectionStep(key: string): 1 | -1 | null {
  if (key === "ArrowDown" || key === "s" || key === "S") return 1;
  if (key === "ArrowUp" || key === "w" || key === "W") return -1;
  return null;
}
