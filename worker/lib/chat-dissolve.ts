import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client";
import { participantsOf } from "../db/chats";
import { chat, messageMirror } from "../db/schema";
import type { Env } from "../env";
import { roomStub } from "../rooms/stubs";
import { tell } from "./chat-sync";
import { inList } from "../db/bound-lists";
import { removeFromShards } from "../search/feed";

/**
 * Removes chats for good: their rooms close every socket and erase their storage, the D1 rows and
 * message mirror go (with `extra` statements in the same batch), their messages leave the
 * organizations' search shards, and every member's tabs are told. Returns the users who were in them.
 */
export async function dissolveChats(env: Env, db: Db, chatIds: string[], extra: BatchItem<"sqlite">[] = []): Promise<Map<string, string[]>> {
  const members = await participantsOf(db, chatIds);
  const orgs = chatIds.length ? await db.select({ id: chat.id, orgId: chat.orgId }).from(chat).where(inList(chat.id, chatIds)) : [];
  const usersOf = new Map(chatIds.map((id) => [id, (members.get(id) ?? []).filter((p) => p.participantType === "user").map((p) => p.participantId)]));
  await Promise.all(
    chatIds.map((id) =>
      roomStub(env, id)
        .dissolve()
        .catch((err) => console.error("room dissolve failed", id, err)),
    ),
  );
  const deletes: BatchItem<"sqlite">[] = chatIds.length
    ? [db.delete(messageMirror).where(inList(messageMirror.chatId, chatIds)), db.delete(chat).where(inList(chat.id, chatIds))]
    : [];
  const statements = [...extra, ...deletes];
  if (statements.length) await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  // After D1: from then on nobody is a member, so search shows nothing of them even before the shard purges.
  await removeFromShards(env, orgs);
  await Promise.all(chatIds.map((id) => tell(env, usersOf.get(id) ?? [], { type: "group_remove", chatId: id, reason: "dissolved" })));
  return usersOf;
}
