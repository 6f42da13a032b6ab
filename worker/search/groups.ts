import type { SearchResult } from "../../contract";
import type { ChatEntry } from "./directory";
import { escapeHtml, highlightWords, matchesAllWords } from "./highlight";

/** My group chats and private chats whose name (as I see it) holds every word; most recent first. */
export function searchGroups(chats: ChatEntry[], words: string[], limit: number): SearchResult[] {
  return chats
    .filter((c) => matchesAllWords([c.name], words))
    .sort((a, b) => (b.lastMessageAt?.getTime() ?? 0) - (a.lastMessageAt?.getTime() ?? 0))
    .slice(0, limit)
    .map((c) => ({
      type: c.group ? "group" : "private_chat",
      id: c.chatId,
      chatId: c.chatId,
      name: c.name,
      content: c.lastMessageText ?? "",
      highlightedName: highlightWords(c.name, words),
      highlightedContent: escapeHtml(c.lastMessageText ?? ""),
      lastMessageTime: c.lastMessageAt?.toISOString() ?? null,
      avatarUrl: c.image,
      participants: c.participantCount,
      metadata: { participantCount: c.participantCount },
    }));
}
