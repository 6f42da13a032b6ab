import { mutate } from "swr";
import { MENTIONS_KEPT, type Mention, type MentionsAnswer } from "../../../contract";
import { api } from "../../app/api/client";

/** `GET /api/mentions`: the list newest first and the unread count; live frames and actions correct it in place. */
export const MENTIONS_KEY = "/api/mentions";

const noRevalidate = { revalidate: false } as const;

const unreadOf = (mentions: readonly Mention[]) => mentions.filter((m) => !m.read).length;

/** A mention that just arrived goes on top; the list keeps the newest 50, as the server does; a repeat changes nothing. */
export function withArrived(list: MentionsAnswer | undefined, mention: Mention): MentionsAnswer | undefined {
  if (!list || list.mentions.some((m) => m.id === mention.id)) return list;
  const mentions = [mention, ...list.mentions].slice(0, MENTIONS_KEPT);
  return { mentions, unread: unreadOf(mentions) };
}

export function addArrivedMention(mention: Mention): Promise<unknown> {
  return mutate<MentionsAnswer>(MENTIONS_KEY, (list) => withArrived(list, mention), noRevalidate);
}

/** Every change answers the list as the server now holds it; that answer replaces the cached one. */
const store = (answer: MentionsAnswer) => mutate<MentionsAnswer>(MENTIONS_KEY, answer, noRevalidate);

/**
 * Marks read on the server, then in the list. `ids` omitted: all of them. Errors reach the caller
 * (the client toasts them unless `silent`).
 */
export async function markMentionsRead(ids?: readonly string[], options: { silent?: boolean } = {}): Promise<void> {
  await store(await api.post<MentionsAnswer>(`${MENTIONS_KEY}/read`, ids ? { ids } : {}, options));
}

export async function clearMentions(): Promise<void> {
  await store(await api.delete<MentionsAnswer>(MENTIONS_KEY));
}

export async function removeMention(id: string): Promise<void> {
  await store(await api.delete<MentionsAnswer>(`${MENTIONS_KEY}/${encodeURIComponent(id)}`));
}
