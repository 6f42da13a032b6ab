import { eq } from "drizzle-orm";
import * as v from "valibot";
import { MAX_VIRES_PER_GROUP, type CreateGroupBody } from "../../contract";
import { insertSlices } from "../db/bound-lists";
import type { Db } from "../db/client";
import { countOwnedGroups, vireIdsOwnedBy, type ChatRow } from "../db/chats";
import { membersOrFriends } from "../people/friends";
import { chat, chatParticipant } from "../db/schema";
import type { Env } from "../env";
import type { AuthUser } from "../lib/app";
import { announceChat, syncRoomMembers } from "../lib/chat-sync";
import { newId } from "../lib/ids";
import { checkLimit, type LimitReached } from "../plans/tier";

export type CreateGroupRefused = LimitReached | { ok: false; reason: "too_many_vires" | "no_members" | "vire_not_found" | "not_in_organization" };

/**
 * Creates a group in my current organization with me as its owner: within my plan's group limit,
 * with at most one of my VIREs and only members of the organization or my friends. Everyone in it is told.
 */
export async function createGroup(
  env: Env,
  db: Db,
  me: AuthUser,
  orgId: string,
  body: v.InferOutput<typeof CreateGroupBody>,
): Promise<{ ok: true; row: ChatRow } | CreateGroupRefused> {
  const overLimit = checkLimit(me, "groupChats", await countOwnedGroups(db, me.id));
  if (overLimit) return overLimit;
  const others = body.participants.filter((p) => p.id !== me.id);
  const vireIds = [...new Set(others.filter((p) => p.type === "virtual_employee").map((p) => p.id))];
  const userIds = [...new Set(others.filter((p) => p.type === "user").map((p) => p.id))];
  if (vireIds.length > MAX_VIRES_PER_GROUP) return { ok: false, reason: "too_many_vires" };
  if (vireIds.length + userIds.length === 0) return { ok: false, reason: "no_members" };
  if ((await vireIdsOwnedBy(db, me.id, vireIds)).size !== vireIds.length) return { ok: false, reason: "vire_not_found" };
  if ((await membersOrFriends(db, orgId, me.id, userIds)).size !== userIds.length) return { ok: false, reason: "not_in_organization" };

  const id = newId("chat");
  const kind = vireIds.length ? "single_group" : "human_group";
  const participants = [
    { chatId: id, participantId: me.id, participantType: "user" as const, cpRole: "owner" as const },
    ...userIds.map((pid) => ({ chatId: id, participantId: pid, participantType: "user" as const })),
    ...vireIds.map((pid) => ({ chatId: id, participantId: pid, participantType: "virtual_employee" as const })),
  ];
  await db.batch([
    db.insert(chat).values({ id, orgId, name: body.name, description: body.description, kind, ownerId: me.id }),
    // Up to 500 members: one multi-row insert would pass D1's 100 bound parameters, so rows go in slices.
    ...insertSlices(chatParticipant, participants).map((part) => db.insert(chatParticipant).values(part)),
  ]);
  const row = (await db.select().from(chat).where(eq(chat.id, id)))[0]!;
  await syncRoomMembers(env, db, row);
  await announceChat(env, db, row);
  return { ok: true, row };
}
