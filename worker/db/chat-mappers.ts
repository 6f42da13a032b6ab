import type { ChatListItem, Participant } from "../../contract";
import type { RoomMember } from "../rooms/chat-room/types";
import { isGroup, type ChatRow, type ParticipantDetail } from "./chats";
import { unreadOf } from "./unread";

const LIST_TYPE = { single_group: "group", human_group: "group", virtual_employee: "private_virtual", real_person: "private_human" } as const;

export function toParticipant(p: ParticipantDetail, viewerId: string): Participant {
  const isVire = p.participantType === "virtual_employee";
  return {
    id: p.participantId,
    name: p.name,
    email: p.email,
    type: p.participantType,
    isCurrentUser: p.participantId === viewerId,
    role: p.role,
    cpRole: p.cpRole,
    participantRole: p.cpRole,
    image: p.image,
    avatarUrl: isVire ? p.image : null,
    isAI: isVire,
    agentType: p.agentType,
    description: p.description,
  };
}

export function toRoomMember(p: ParticipantDetail): RoomMember {
  return { id: p.participantId, name: p.name, image: p.image, type: p.participantType };
}

/** One chat as the viewer sees it: a private chat is named after the other party. */
export function toChatListItem(row: ChatRow, participants: ParticipantDetail[], viewerId: string): ChatListItem {
  const me = participants.find((p) => p.participantId === viewerId);
  const owner = participants.find((p) => p.participantId === row.ownerId);
  const other = participants.find((p) => p.participantId !== viewerId);
  const group = isGroup(row.kind);
  const agentCount = participants.filter((p) => p.participantType === "virtual_employee").length;
  const at = row.lastMessageAt?.toISOString() ?? null;
  return {
    id: row.id,
    name: group ? row.name : (other?.name ?? row.name),
    description: row.description,
    type: LIST_TYPE[row.kind],
    chatType: row.kind,
    chat_type: row.kind,
    is_group: group,
    organizationId: row.orgId,
    participants: participants.map((p) => toParticipant(p, viewerId)),
    lastMessage: row.lastMessageText,
    lastMessageTime: at,
    lastMessageAt: at,
    createdAt: row.createdAt.toISOString(),
    chatOwnerName: owner?.name ?? null,
    chatOwnerId: row.ownerId,
    agentCount,
    has_agent: agentCount > 0,
    project_id: row.projectId,
    project_name: null,
    status: "active",
    unread: me ? unreadOf({ human: row.humanCount, agent: row.agentCount }, me) : { total: 0, agent: 0, human: 0, lastReadAt: null },
  };
}
