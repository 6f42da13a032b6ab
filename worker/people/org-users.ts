import type { OrganizationUser } from "../../contract";
import type { Db } from "../db/client";
import { toOrganizationUser } from "../db/mappers";
import { listMembers } from "../db/organizations";
import { friendIdsOf, friendsOf, lastChatTimes } from "./friends";

/**
 * `GET /api/organization/users`: the members of my organization, then my friends from outside it
 * (the forward dialog's "Human Users", labelled Friend or Same organization), each with whether
 * they are my friend and when we last chatted. `friendsOnly` keeps my friends alone.
 */
export async function organizationUsers(
  db: Db,
  meId: string,
  orgId: string,
  opts: { excludeSelf: boolean; friendsOnly: boolean },
): Promise<OrganizationUser[]> {
  const relations = { friendIds: await friendIdsOf(db, meId), lastChatTimes: await lastChatTimes(db, meId) };
  const members = await listMembers(db, orgId);
  const memberIds = new Set(members.map((m) => m.user.id));
  const users = members
    .filter((m) => !(opts.excludeSelf && m.user.id === meId))
    .filter((m) => !opts.friendsOnly || relations.friendIds.has(m.user.id))
    .map((m) => ({ ...toOrganizationUser(m, relations), isOrgMember: true }));
  const outside = (await friendsOf(db, meId)).filter((f) => !memberIds.has(f.id));
  return [...users, ...outside.map((f) => ({ ...toOrganizationUser({ user: f, role: "member" }, relations), isOrgMember: false }))];
}
