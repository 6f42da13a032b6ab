import { eq } from "drizzle-orm";
import type { AvailableJoinMembersAnswer, JoinCandidate } from "../../contract";
import type { Db } from "../db/client";
import { participantsOf, type ChatRow } from "../db/chats";
import { listMembers } from "../db/organizations";
import { virtualEmployee } from "../db/schema";
import type { VireRow } from "../vires/mapper";
import { friendsOf, type UserRow } from "../people/friends";

type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

function memberCandidate(m: MemberRow, present: Set<string>): JoinCandidate {
  const u = m.user;
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    image: u.image ?? null,
    type: "user",
    userType: m.role,
    source: "organization",
    category: "organization",
    isParticipant: present.has(u.id),
  };
}

function vireCandidate(v: VireRow, present: Set<string>): JoinCandidate {
  return {
    id: v.id,
    name: v.name,
    email: null,
    image: v.avatarUrl,
    type: "virtual_employee",
    userType: null,
    source: "virtual",
    category: "virtual",
    isParticipant: present.has(v.id),
  };
}

function friendCandidate(u: UserRow, present: Set<string>): JoinCandidate {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    image: u.image ?? null,
    type: "user",
    userType: null,
    source: "friend",
    category: "external",
    isParticipant: present.has(u.id),
  };
}

/**
 * Who the add-member dialog offers: the organization's people (not me), my friends from outside
 * it (External Friends) and the owner's VIREs, marked when already in.
 */
export async function joinCandidates(db: Db, group: ChatRow, viewerId: string): Promise<AvailableJoinMembersAnswer> {
  const present = new Set(((await participantsOf(db, [group.id])).get(group.id) ?? []).map((p) => p.participantId));
  const members = await listMembers(db, group.orgId);
  const memberIds = new Set(members.map((m) => m.user.id));
  const friends = await friendsOf(db, viewerId);
  const vires = await db.select().from(virtualEmployee).where(eq(virtualEmployee.ownerId, group.ownerId));
  return {
    success: true,
    chatInfo: { organizationId: group.orgId },
    availableMembers: {
      organizationMembers: members.filter((m) => m.user.id !== viewerId).map((m) => memberCandidate(m, present)),
      externalFriends: friends.filter((f) => !memberIds.has(f.id)).map((f) => friendCandidate(f, present)),
      virtualEmployees: vires.map((v) => vireCandidate(v, present)),
    },
  };
}
