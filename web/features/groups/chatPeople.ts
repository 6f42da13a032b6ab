import { SYSTEM_CHAT_PREFIX, type ChatListItem, type Participant } from "../../../contract";

export const isSystemChat = (chatId: string) => chatId.startsWith(SYSTEM_CHAT_PREFIX);
export const isGroupChat = (chat: Pick<ChatListItem, "is_group" | "type">) => chat.is_group || chat.type === "group";
export const isAgentParticipant = (p: Pick<Participant, "type" | "isAI">) => p.type === "virtual_employee" || p.isAI;

/** The person or VIRE on the other side of a one-to-one chat. */
export function otherParty(chat: ChatListItem): Participant | null {
  return chat.participants.find((p) => !p.isCurrentUser) ?? null;
}

/**
 * Who may remove this member from the panel (spec 02 §5 "Removal"): the owner only, never on the
 * owner's own row or their own, and never an agent (agents leave through the add dialog).
 */
export function canRemoveMember(member: Participant, viewerIsOwner: boolean): boolean {
  return viewerIsOwner && !member.isCurrentUser && member.cpRole !== "owner" && !isAgentParticipant(member);
}

export type MemberBadge = "owner" | "agent" | "controller";

export function memberBadges(member: Participant): MemberBadge[] {
  const badges: MemberBadge[] = [];
  if (member.cpRole === "owner") badges.push("owner");
  if (isAgentParticipant(member)) badges.push("agent");
  if (member.cpRole === "presenter") badges.push("controller");
  return badges;
}

/** Members first by rank (owner, controller, people, agents), then by name. */
export function sortMembers(members: readonly Participant[]): Participant[] {
  const rank = (p: Participant) => (p.cpRole === "owner" ? 0 : p.cpRole === "presenter" ? 1 : isAgentParticipant(p) ? 3 : 2);
  return [...members].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}

export function matchesMember(member: Participant, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [member.name, member.email ?? "", member.role ?? ""].some((text) => text.toLowerCase().includes(needle));
}
