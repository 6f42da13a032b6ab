import type { SearchResult } from "../../contract";
import type { Env } from "../env";
import type { ChatEntry } from "./directory";
import { encodeCursor, type MessageCursor } from "./cursor";
import { escapeHtml, messageSnippet } from "./highlight";
import type { ShardHit } from "./shard-query";
import { timeOfKey } from "./shard-sql";
import { matchExpression, type SearchTerm } from "./text";

export function shardOf(env: Env, orgId: string) {
  return env.SEARCH_SHARD.get(env.SEARCH_SHARD.idFromName(orgId));
}

export interface MessageSearch {
  userId: string;
  terms: SearchTerm[];
  sort: "newest" | "best";
  limit: number;
  cursor: MessageCursor | null;
}

/** Newest first, or best (lowest score) first; ties by key, then id, so every hit has one place. */
function compare(sort: "newest" | "best") {
  return (a: ShardHit, b: ShardHit) => (sort === "best" ? (a.score ?? 0) - (b.score ?? 0) : 0) || b.key - a.key || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

function toResult(hit: ShardHit, chat: ChatEntry, terms: SearchTerm[]): SearchResult {
  const snippet = messageSnippet(hit.content, terms);
  return {
    type: "message",
    id: hit.id,
    chatId: hit.chat_id,
    name: chat.name,
    content: snippet.text,
    highlightedName: escapeHtml(chat.name),
    highlightedContent: snippet.html,
    lastMessageTime: new Date(timeOfKey(hit.key)).toISOString(),
    avatarUrl: chat.image,
    participants: chat.participantCount,
    metadata: { senderName: hit.sender_name, participantCount: chat.participantCount, chatType: hit.chat_type },
  };
}

/**
 * Messages matching the terms in the caller's chats. Each organization's shard is asked once, with
 * the caller's chats of that organization, for one more hit than a page; the pages are merged in
 * order and the extra hit tells whether a next page exists.
 */
export async function searchMessages(env: Env, chats: ChatEntry[], q: MessageSearch): Promise<{ results: SearchResult[]; nextCursor: string | null }> {
  const match = matchExpression(q.terms);
  if (!match || chats.length === 0) return { results: [], nextCursor: null };
  const byOrg = new Map<string, string[]>();
  for (const c of chats) byOrg.set(c.orgId, [...(byOrg.get(c.orgId) ?? []), c.chatId]);
  const terms = q.terms.map((t) => t.units);
  const after = q.cursor ? { key: q.cursor.key, id: q.cursor.id, score: q.cursor.score } : null;
  const pages = await Promise.all(
    [...byOrg].map(([orgId, chatIds]) => shardOf(env, orgId).search({ match, terms, chatIds, userId: q.userId, sort: q.sort, limit: q.limit + 1, after })),
  );
  const hits = pages.flat().sort(compare(q.sort));
  const page = hits.slice(0, q.limit);
  const last = page.at(-1);
  const nextCursor =
    hits.length > q.limit && last ? encodeCursor({ sort: q.sort, key: last.key, id: last.id, ...(q.sort === "best" ? { score: last.score ?? 0 } : {}) }) : null;
  const chatById = new Map(chats.map((c) => [c.chatId, c]));
  return { results: page.flatMap((hit) => (chatById.has(hit.chat_id) ? [toResult(hit, chatById.get(hit.chat_id)!, q.terms)] : [])), nextCursor };
}
