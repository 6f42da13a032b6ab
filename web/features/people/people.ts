import {
  INVITE_EMAIL_PATTERN,
  type Contact,
  type FriendInvite,
  type FriendInviteAccepted,
  type FriendInviteCreated,
  type FriendInviteInfo,
  type FriendInviteStatus,
  type OrganizationMember,
} from "../../../contract";

/** `GET /api/contacts/{userId}` entries: colleagues, friends and my virtual employees. */
export type PersonContact = Contact;
export type InvitationStatus = FriendInviteStatus;
/** `GET /api/friend-invites?type=sent` entries, named as spec 01 §3 "Friend invitation". */
export type FriendInvitation = FriendInvite;
export type SentFriendInvite = Pick<FriendInviteCreated, "id" | "inviteCode" | "expiresAt">;
export type { FriendInviteAccepted, FriendInviteInfo };

/** The left list of the Contacts screen (spec 01 §2). */
export type ContactsFilter = "all" | "human" | "agent" | "organization";

/** Agents are labelled Chat, Code or Custom on the contact screen (spec 01 §3 "Agent types"). */
export type AgentTag = "chatter" | "coder" | "custom";

const CODER_TYPES = new Set(["code_monkey", "coding_agent", "claude_code", "coder"]);

export function agentTag(agentType: string | null | undefined): AgentTag {
  if (agentType === "custom") return "custom";
  if (agentType && CODER_TYPES.has(agentType)) return "coder";
  return "chatter";
}

/** Name, e-mail and role, ignoring case and surrounding spaces. */
export function matchesPerson(contact: Pick<PersonContact, "name" | "email" | "role">, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [contact.name, contact.email ?? "", contact.role ?? ""].some((text) => text.toLowerCase().includes(needle));
}

/** The rows of the All, Human and Agent views; the organization view lists the organization's members instead. */
export function contactsFor(contacts: readonly PersonContact[], filter: Exclude<ContactsFilter, "organization">, query: string): PersonContact[] {
  return contacts
    .filter((contact) => filter === "all" || (filter === "agent" ? contact.type === "virtual_employee" : contact.type === "human"))
    .filter((contact) => matchesPerson(contact, query));
}

/** Members of my organization other than me, matching the search. */
export function membersFor(members: readonly OrganizationMember[], myId: string, query: string): OrganizationMember[] {
  return members.filter((member) => member.userId !== myId).filter((member) => matchesPerson({ name: member.name, email: member.email, role: null }, query));
}

/** Which empty text a list shows (spec 01 §2): a search that found nothing, an organization of one, or an empty list. */
export function emptyText(filter: ContactsFilter, query: string, otherMembers: number): "noContacts" | "noOtherMembers" | "noMembers" {
  if (query.trim()) return "noContacts";
  if (filter === "organization") return otherMembers === 0 ? "noOtherMembers" : "noMembers";
  return "noContacts";
}

/** The invitee e-mail rule of spec 01 §5 (the same pattern the server checks). */
export function validInviteEmail(email: string): boolean {
  return INVITE_EMAIL_PATTERN.test(email.trim());
}

/** The shareable link (spec 02 §1): `{origin}/friend-invite/{inviteCode}`. */
export function friendInviteLink(origin: string, inviteCode: string): string {
  return `${origin.replace(/\/+$/, "")}/friend-invite/${encodeURIComponent(inviteCode)}`;
}

/** Newest first; a newly sent invitation goes on top as pending (spec 01 §4). */
export function withNewInvitation(list: readonly FriendInvitation[], email: string, sent: SentFriendInvite, now: Date): FriendInvitation[] {
  const added: FriendInvitation = {
    id: sent.id,
    invitee_email: email,
    status: "pending",
    created_at: now.toISOString(),
    expires_at: sent.expiresAt,
    invite_code: sent.inviteCode,
  };
  return [added, ...list.filter((item) => item.id !== sent.id)];
}
