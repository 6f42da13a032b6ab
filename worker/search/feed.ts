import type { Env } from "../env";
import { shardOf } from "./messages";

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

/** Indexes a chat's messages in its organization's shard; idempotent by message id. */
export async function indexInShard(env: Env, orgId: string, chatId: string, messages: FedMessage[]): Promise<number> {
  return shardOf(env, orgId).index(
    messages.map((m) => ({
      id: m.id,
      chatId,
      seq: m.seq,
      chatType: m.chatType,
      visibleTo: m.visibleTo,
      senderName: m.senderName,
      content: m.content,
      createdAt: m.createdAt,
    })),
  );
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
