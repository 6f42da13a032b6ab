import type { Env } from "../env";
import { shardOf } from "./messages";
import type { ShardMessage } from "./shard-sql";

/** A message as the mirror job carries it. */
export interface FedMessage {
  id: string;
  seq: number;
  chatType: number;
  visibleTo: string | null;
  senderName: string;
  content: string;
  createdAt: number;
}

/**
 * Indexes chats' messages in their organizations' shards: one call per organization, however many
 * chats. Idempotent by message id.
 */
export async function indexInShards(env: Env, chats: { chatId: string; orgId: string; items: FedMessage[] }[]): Promise<void> {
  const byOrg = new Map<string, ShardMessage[]>();
  for (const c of chats) {
    const messages = byOrg.get(c.orgId) ?? [];
    for (const m of c.items) {
      messages.push({
        id: m.id,
        chatId: c.chatId,
        seq: m.seq,
        chatType: m.chatType,
        visibleTo: m.visibleTo,
        senderName: m.senderName,
        content: m.content,
        createdAt: m.createdAt,
      });
    }
    byOrg.set(c.orgId, messages);
  }
  await Promise.all([...byOrg].map(([orgId, messages]) => shardOf(env, orgId).index(messages)));
}

/** Dissolved chats: gone from their shards (grouped by organization). A failure is logged, never thrown. */
export async function removeFromShards(env: Env, chats: { id: string; orgId: string }[]): Promise<void> {
  const byOrg = new Map<string, string[]>();
  for (const c of chats) byOrg.set(c.orgId, [...(byOrg.get(c.orgId) ?? []), c.id]);
  await Promise.all(
    [...byOrg].map(([orgId, ids]) =>
      shardOf(env, orgId)
        .removeChats(ids)
        .catch((err) => console.error("search shard removal failed", orgId, ids, err)),
    ),
  );
}
