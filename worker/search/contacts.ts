import type { Contact, SearchResult } from "../../contract";
import type { Db } from "../db/client";
import type { AuthUser } from "../lib/app";
import { listContacts } from "../people/contacts";
import type { ChatEntry } from "./directory";
import { escapeHtml, highlightWords, matchesAllWords } from "./highlight";

/** The private chat I already have with this person or VIRE (the most recent one), if any. */
function chatWith(chats: ChatEntry[], contact: Contact): ChatEntry | null {
  const kind = contact.type === "virtual_employee" ? "virtual_employee" : "real_person";
  const mine = chats.filter((c) => c.kind === kind && c.otherId === contact.id && c.projectId === null);
  return mine.sort((a, b) => (b.lastMessageAt?.getTime() ?? 0) - (a.lastMessageAt?.getTime() ?? 0))[0] ?? null;
}

function toResult(contact: Contact, chat: ChatEntry | null, words: string[]): SearchResult {
  const content = contact.email ?? contact.role ?? "";
  return {
    type: "contact",
    id: contact.id,
    chatId: chat?.chatId ?? null,
    name: contact.name,
    content,
    highlightedName: highlightWords(contact.name, words),
    highlightedContent: content ? highlightWords(content, words) : escapeHtml(content),
    lastMessageTime: contact.lastChatTime,
    avatarUrl: contact.image,
    participants: chat?.participantCount ?? 0,
    metadata: {
      ...(contact.role ? { role: contact.role } : {}),
      ...(contact.email ? { email: contact.email } : {}),
      contactType: contact.type,
    },
  };
}

/**
 * People and VIREs I may see (exactly my contact list, GET /api/contacts) whose name, e-mail or
 * role holds every word, case-insensitively; names that start with the query first.
 */
export async function searchContacts(db: Db, me: AuthUser, chats: ChatEntry[], query: string, words: string[], limit: number): Promise<SearchResult[]> {
  const lead = query.trim().toLowerCase();
  const found = (await listContacts(db, me)).filter((c) => matchesAllWords([c.name, c.email, c.role], words));
  const ordered = found
    .map((c, i) => ({ c, i, first: c.name.toLowerCase().startsWith(lead) ? 0 : 1 }))
    .sort((a, b) => a.first - b.first || a.i - b.i)
    .map((x) => x.c);
  return ordered.slice(0, limit).map((c) => toResult(c, chatWith(chats, c), words));
}
