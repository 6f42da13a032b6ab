import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { GROUP_KINDS } from "../db/chats";
import { chat, chatParticipant, virtualEmployee } from "../db/schema";
import type { Env } from "../env";
import { dissolveChats } from "../lib/chat-dissolve";
import { knowledgeDeletesOfVire } from "../knowledge/store";
import type { VireRow } from "./mapper";

export interface VireDeleted {
  ok: true;
  deletedChatIds: string[];
}

export interface VireInGroups {
  ok: false;
  reason: "in_groups";
  vireName: string;
  groups: { id: string; name: string }[];
}

async function chatsWith(db: Db, vireId: string) {
  return db
    .select({ id: chat.id, name: chat.name, kind: chat.kind })
    .from(chatParticipant)
    .innerJoin(chat, eq(chat.id, chatParticipant.chatId))
    .where(and(eq(chatParticipant.participantId, vireId), eq(chatParticipant.participantType, "virtual_employee")));
}

/**
 * Deletes a VIRE with everything that only exists for it.
 *
 * - A group it works in is shared with other people, so it is not changed behind their backs:
 *   the delete is refused (`in_groups`, with the groups) until the owner removes the VIRE from
 *   them or dissolves them.
 * - My private chats with it are conversations with nobody once it is gone: they are dissolved
 *   like a group would be, so no chat is left with a participant that no longer exists.
 * - Its knowledge bases, files, passages and the files' R2 objects go with it.
 */
export async function deleteVire(env: Env, db: Db, vire: VireRow): Promise<VireDeleted | VireInGroups> {
  const chats = await chatsWith(db, vire.id);
  const groups = chats.filter((c) => (GROUP_KINDS as readonly string[]).includes(c.kind));
  if (groups.length) return { ok: false, reason: "in_groups", vireName: vire.name, groups: groups.map((g) => ({ id: g.id, name: g.name })) };
  const privateIds = chats.map((c) => c.id);
  const knowledge = await knowledgeDeletesOfVire(db, vire.id);
  await dissolveChats(env, db, privateIds, [...knowledge.statements, db.delete(virtualEmployee).where(eq(virtualEmployee.id, vire.id))]);
  if (knowledge.keys.length) await env.FILES.delete(knowledge.keys).catch((err) => console.error("vire delete: R2 delete failed", err));
  return { ok: true, deletedChatIds: privateIds };
}
