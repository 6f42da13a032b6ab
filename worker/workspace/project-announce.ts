import type { Db } from "../db/client";
import { participantsOf } from "../db/chats";
import type { Env } from "../env";
import { tell } from "../lib/chat-sync";

/** Tells everyone in these chats to refetch them (their project link changed). */
export async function announceProjectChange(env: Env, db: Db, chatIds: string[]): Promise<void> {
  const members = await participantsOf(db, chatIds);
  await Promise.all(
    chatIds.map((chatId) => {
      const users = (members.get(chatId) ?? []).filter((p) => p.participantType === "user").map((p) => p.participantId);
      return tell(env, users, { type: "chat_updated", chatId });
    }),
  );
}
