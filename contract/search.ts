import * as v from "valibot";

/** Global search (spec 01 §2 "Global search dialog", §3 "Search result", §5, §7, §9). */

/** Results per page and the longest query the server reads. */
export const SEARCH_LIMIT = 50;
export const SEARCH_MAX_QUERY_CHARS = 200;
/** Typing is debounced by this many milliseconds before the dialog asks the server. */
export const SEARCH_DEBOUNCE_MS = 2000;
/** History chips kept, and the cookie's lifetime in seconds (30 days). */
export const SEARCH_HISTORY_MAX = 10;
export const SEARCH_HISTORY_COOKIE_SECONDS = 2592000;

export const SEARCH_TYPES = ["all", "messages", "contacts", "groups"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** `GET /api/search?query=&type=all&limit=50&sort=newest&cursor=` */
export const SearchQuery = v.object({
  query: v.pipe(
    v.string("Search text is required"),
    v.trim(),
    v.minLength(1, "Search text is required"),
    v.maxLength(SEARCH_MAX_QUERY_CHARS, "Search text is too long"),
  ),
  type: v.optional(v.picklist(SEARCH_TYPES), "all"),
  limit: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(SEARCH_LIMIT)), String(SEARCH_LIMIT)),
  /** newest: most recent message first; best: best match first. */
  sort: v.optional(v.picklist(["newest", "best"]), "newest"),
  /** Opaque; from the previous page's `nextCursor` (messages only). */
  cursor: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

export type SearchResultType = "message" | "contact" | "group" | "private_chat";

/**
 * One hit (spec 01 §3). `highlightedName` and `highlightedContent` are HTML-escaped text whose
 * only markup is `<mark>`…`</mark>` around the matched words, so the client may render them as HTML.
 */
export interface SearchResult {
  type: SearchResultType;
  /** Message id for messages; user id for contacts; chat id for groups and private chats. */
  id: string;
  /** The chat to open (messages, groups, private chats); null for a contact with no chat yet. */
  chatId: string | null;
  name: string;
  content: string;
  highlightedName: string;
  highlightedContent: string;
  lastMessageTime: string | null;
  avatarUrl: string | null;
  participants: number;
  metadata: {
    senderName?: string;
    participantCount?: number;
    role?: string;
    email?: string;
    /** 0 discuss, 1 agent, 2 ask-only, for messages: the tab to open. */
    chatType?: number;
    /** For contacts: which kind of private chat to start when `chatId` is null (default human). */
    contactType?: "human" | "virtual_employee";
  };
}

export interface SearchAnswer {
  all: SearchResult[];
  messages: SearchResult[];
  contacts: SearchResult[];
  groups: SearchResult[];
  total: number;
  /** Pass as `cursor` for the next page of messages; null when there is none. */
  nextCursor: string | null;
}

/**
 * `POST /api/search/rebuild` (an administrator of the organization): its search index is read
 * again from its chats. Searching goes on meanwhile and finds more as the rebuild progresses.
 */
export const SearchRebuildBody = v.object({ organizationId: v.pipe(v.string(), v.minLength(1, "Invalid id"), v.maxLength(64, "Invalid id")) });

export interface SearchRebuildAnswer {
  /** How many chats are read again. */
  chats: number;
}
