import { eq } from "drizzle-orm";
import type { SearchAnswer, SearchQuery, SearchResult } from "../../contract";
import type { Db } from "../db/client";
import { chat } from "../db/schema";
import type { Env } from "../env";
import type { AuthUser } from "../lib/app";
import type * as v from "valibot";
import { searchContacts } from "./contacts";
import { decodeCursor } from "./cursor";
import { chatsOf } from "./directory";
import { searchGroups } from "./groups";
import { wordsOf } from "./highlight";
import { searchMessages, shardOf } from "./messages";
import { termsOf } from "./text";

/** How many contacts and chats lead the All tab before the messages. */
const ALL_LEADING = 5;

/**
 * `GET /api/search`: messages, contacts and chats matching the query, as the caller may see them.
 * A cursor asks for the next page of messages alone.
 */
export async function globalSearch(env: Env, db: Db, me: AuthUser, q: v.InferOutput<typeof SearchQuery>): Promise<SearchAnswer> {
  const cursor = q.cursor ? decodeCursor(q.cursor, q.sort) : null;
  const wants = (type: "messages" | "contacts" | "groups") => (q.type === "all" || q.type === type) && (!cursor || type === "messages");
  const words = wordsOf(q.query);
  const chats = await chatsOf(db, me.id);
  const [messages, contacts] = await Promise.all([
    wants("messages") ? searchMessages(env, chats, { userId: me.id, terms: termsOf(q.query), sort: q.sort, limit: q.limit, cursor }) : null,
    wants("contacts") ? searchContacts(db, me, chats, q.query, words, q.limit) : [],
  ]);
  const groups = wants("groups") ? searchGroups(chats, words, q.limit) : [];
  const found = messages?.results ?? [];
  const all: SearchResult[] = [
    ...contacts.slice(0, ALL_LEADING),
    ...groups.slice(0, ALL_LEADING),
    ...found,
    ...contacts.slice(ALL_LEADING),
    ...groups.slice(ALL_LEADING),
  ].slice(0, q.limit);
  return { all, messages: found, contacts, groups, total: found.length + contacts.length + groups.length, nextCursor: messages?.nextCursor ?? null };
}

/** Starts reading an organization's messages from its chats' rooms into its shard again. */
export async function rebuildOrgSearch(env: Env, db: Db, orgId: string): Promise<{ chats: number }> {
  const rows = await db.select({ id: chat.id }).from(chat).where(eq(chat.orgId, orgId));
  return shardOf(env, orgId).rebuild(rows.map((r) => r.id));
}
