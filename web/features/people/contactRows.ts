import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { OrganizationMember } from "../../../contract";
import type { ContactRowItem } from "./ContactRow";
import { agentTag, contactsFor, emptyText, membersFor, type ContactsFilter, type PersonContact } from "./people";

interface RowsInput {
  contacts: readonly PersonContact[];
  members: readonly OrganizationMember[];
  filter: ContactsFilter;
  query: string;
  me: string;
}

export interface ContactRowEntry {
  item: ContactRowItem;
  /** The contact behind the row, when I have one (start chat, delete). */
  contact: PersonContact | null;
}

/**
 * The rows of the current view with their tags (spec 01 §2): Chat, Code or Custom for agents,
 * 'admin' for organization administrators and Friend in the contact list, Admin or Member in the
 * organization view.
 */
export function useContactRows({ contacts, members, filter, query, me }: RowsInput) {
  const { t } = useTranslation();
  return useMemo(() => {
    if (filter === "organization") {
      const others = members.filter((member) => member.userId !== me);
      const byId = new Map(contacts.map((contact) => [contact.id, contact]));
      const rows: ContactRowEntry[] = membersFor(members, me, query).map((member) => ({
        item: {
          id: member.userId,
          name: member.name,
          image: member.image,
          detail: member.email,
          tags: [{ text: t(`people.contacts.roleTags.${member.userType}`), tone: member.userType }],
        },
        contact: byId.get(member.userId) ?? memberAsContact(member),
      }));
      return { rows, empty: emptyText(filter, query, others.length) };
    }
    const rows: ContactRowEntry[] = contactsFor(contacts, filter, query).map((contact) => {
      const tags: ContactRowItem["tags"] = [];
      if (contact.type === "virtual_employee") {
        const tag = agentTag(contact.agentType);
        tags.push({ text: t(`people.contacts.agentTags.${tag}`), tone: tag });
      } else {
        if (contact.isOrgAdmin) tags.push({ text: t("people.contacts.adminTag"), tone: "admin" });
        if (contact.isFriend) tags.push({ text: t("people.contacts.friendTag"), tone: "friend" });
      }
      return {
        item: {
          id: contact.id,
          name: contact.name,
          image: contact.image,
          detail: contact.type === "virtual_employee" ? (contact.role ?? null) : contact.email,
          tags,
        },
        contact,
      };
    });
    return { rows, empty: emptyText(filter, query, contacts.length) };
  }, [contacts, members, filter, query, me, t]);
}

/** A colleague not (yet) in my contact list can still be chatted with, and hidden like any human contact. */
function memberAsContact(member: OrganizationMember): PersonContact {
  return {
    id: member.userId,
    name: member.name,
    email: member.email,
    image: member.image,
    type: "human",
    role: null,
    agentType: null,
    isOrgAdmin: member.userType === "admin",
    isOrgMember: true,
    isFriend: false,
    lastChatTime: null,
  };
}
