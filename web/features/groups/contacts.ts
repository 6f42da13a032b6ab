import { MAX_VIRES_PER_GROUP, type OrganizationUser, type ParticipantType } from "../../../contract";

/** `GET /api/virtual-employees` entries (mine). */
export interface VirtualEmployeeSummary {
  id: string;
  name: string;
  role: string | null;
  description: string | null;
  avatarUrl: string | null;
  agentType: string | null;
}

/** `GET /api/chats/{id}/availableJoinMember` entries. */
export interface AvailableMember {
  id: string;
  name: string;
  email: string | null;
  image: string | null;
  type: string;
  userType: string | null;
  source: string | null;
  category: "organization" | "external" | "virtual";
  isParticipant: boolean;
}

export type ContactKind = "virtual" | "organization" | "external";

/** A person or VIRE that can be put into a chat (spec 02 §3 "Contact (create-group)"). */
export interface Contact {
  id: string;
  name: string;
  email: string | null;
  image: string | null;
  role: string | null;
  type: ParticipantType;
  kind: ContactKind;
}

export function displayName(name: string | null | undefined, username: string | null | undefined, fallback: string): string {
  return name?.trim() || username?.trim() || fallback;
}

export function vireContact(vire: VirtualEmployeeSummary, fallback: string): Contact {
  return {
    id: vire.id,
    name: displayName(vire.name, null, fallback),
    email: null,
    image: vire.avatarUrl,
    role: vire.role,
    type: "virtual_employee",
    kind: "virtual",
  };
}

export function userContact(user: OrganizationUser, fallback: string, kind: ContactKind = "organization"): Contact {
  return { id: user.id, name: displayName(user.name, user.username, fallback), email: user.email, image: user.image, role: user.role, type: "user", kind };
}

export function availableContact(member: AvailableMember, fallback: string): Contact {
  const kind: ContactKind = member.category === "virtual" ? "virtual" : member.category === "external" ? "external" : "organization";
  return {
    id: member.id,
    name: displayName(member.name, null, fallback),
    email: member.email,
    image: member.image,
    role: member.userType,
    type: kind === "virtual" ? "virtual_employee" : "user",
    kind,
  };
}

/** Contact search: name, e-mail and role, ignoring case (spec 01 §5 "Chat with a member"). */
export function matchesContact(contact: Pick<Contact, "name" | "email" | "role">, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [contact.name, contact.email ?? "", contact.role ?? ""].some((text) => text.toLowerCase().includes(needle));
}

export function countVires(contacts: readonly Pick<Contact, "type">[]): number {
  return contacts.filter((contact) => contact.type === "virtual_employee").length;
}

export type ToggleResult = { selected: Contact[]; refused: null } | { selected: Contact[]; refused: "vireLimit" };

/**
 * Adds or removes a contact. A second virtual employee is refused (spec 02 §5: at most one per
 * group), counting any VIRE already in the chat (`existingVires`).
 */
export function toggleContact(selected: readonly Contact[], contact: Contact, existingVires = 0): ToggleResult {
  if (selected.some((item) => item.id === contact.id)) return { selected: selected.filter((item) => item.id !== contact.id), refused: null };
  if (contact.type === "virtual_employee" && countVires(selected) + existingVires >= MAX_VIRES_PER_GROUP) {
    return { selected: [...selected], refused: "vireLimit" };
  }
  return { selected: [...selected, contact], refused: null };
}

/** True when this unselected VIRE cannot be picked any more (greyed out). */
export function vireBlocked(contact: Contact, selected: readonly Contact[], existingVires = 0): boolean {
  if (contact.type !== "virtual_employee" || selected.some((item) => item.id === contact.id)) return false;
  return countVires(selected) + existingVires >= MAX_VIRES_PER_GROUP;
}

export function groupParticipants(selected: readonly Contact[]): { id: string; type: ParticipantType; role: "member" }[] {
  return selected.map((contact) => ({ id: contact.id, type: contact.type, role: "member" }));
}

/** Group name rule (spec 02 §5): the trimmed name must be non-blank. */
export function groupNameError(name: string): "required" | null {
  return name.trim() ? null : "required";
}

/** Rename rule (spec 02 §4/§5): a blank or unchanged trimmed name is ignored (null: nothing to save). */
export function renameTarget(current: string, draft: string): string | null {
  const next = draft.trim();
  return next && next !== current.trim() ? next : null;
}
