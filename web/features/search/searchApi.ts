import { SEARCH_LIMIT, type SearchAnswer, type SearchResult, type SearchType } from "../../../contract";
import { api } from "../../app/api/client";

export type SearchSort = "newest" | "best";

export const SEARCH_PATH = "/api/search";

/** `GET /api/search` (spec 01 §7); the dialog shows failures itself, so no toast. */
export function fetchSearch(query: string, sort: SearchSort, type: SearchType = "all", cursor?: string): Promise<SearchAnswer> {
  return api.get<SearchAnswer>(SEARCH_PATH, { query, type, limit: SEARCH_LIMIT, sort, cursor }, { silent: true });
}

/** The rows of a tab; the All tab shows the server's own mix. */
export function resultsOf(answer: SearchAnswer | null, tab: SearchType): SearchResult[] {
  if (!answer) return [];
  return answer[tab];
}

export function hasAnyResult(answer: SearchAnswer): boolean {
  return answer.all.length + answer.messages.length + answer.contacts.length + answer.groups.length > 0;
}

/** A further page of messages joins the list once, wherever the server's pages overlap. */
export function withMoreMessages(answer: SearchAnswer, page: SearchAnswer): SearchAnswer {
  const seen = new Set(answer.messages.map((item) => item.id));
  return { ...answer, messages: [...answer.messages, ...page.messages.filter((item) => !seen.has(item.id))], nextCursor: page.nextCursor };
}
