import type { ChatListItem, Participant } from "../../../../contract";

export function person(id: string, overrides: Partial<Participant> = {}): Participant {
  return {
    id,
    name: id,
    email: `${id}@example.com`,
    type: "user",
    isCurrentUser: false,
    role: null,
    cpRole: "member",
    participantRole: "member",
    image: null,
    avatarUrl: null,
    isAI: false,
    agentType: null,
    description: null,
    ...overrides,
  };
}

export function vire(id: string, overrides: Partial<Participant> = {}): Participant {
  return person(id, { type: "virtual_employee", isAI: true, email: null, role: "Engineer", agentType: "chatter", ...overrides });
}

/** A human group chat with me and one other person, nothing unread. */
export function chat(id: string, overrides: Partial<ChatListItem> = {}): ChatListItem {
  return {
    id,
    name: `Chat ${id}`,
    description: "",
    type: "group",
    chatType: "human_group",
    chat_type: "human_group",
    is_group: true,
    organizationId: "org1",
    participants: [person("me", { isCurrentUser: true, cpRole: "owner", participantRole: "owner" }), person("bob")],
    lastMessage: null,
    lastMessageTime: null,
    lastMessageAt: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    chatOwnerName: "Me",
    chatOwnerId: "me",
    agentCount: 0,
    has_agent: false,
    project_id: null,
    project_name: null,
    status: "active",
    unread: { total: 0, agent: 0, human: 0, lastReadAt: null },
    ...overrides,
  };
}

export function agentChat(id: string, overrides: Partial<ChatListItem> = {}): ChatListItem {
  return chat(id, {
    chatType: "single_group",
    chat_type: "single_group",
    agentCount: 1,
    has_agent: true,
    participants: [person("me", { isCurrentUser: true, cpRole: "owner" }), vire(`v-${id}`)],
    ...overrides,
  });
}
