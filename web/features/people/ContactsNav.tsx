import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Organization } from "../../../contract";
import type { ContactsFilter } from "./people";

interface ContactsNavProps {
  filter: ContactsFilter;
  onFilter: (filter: ContactsFilter) => void;
  agentCount: number;
  organization: Organization | null;
  organizationName: string;
}

/** The left list of the Contacts screen: All, Human, 'Agent (n)' and the current organization with its size and tag. */
export function ContactsNav({ filter, onFilter, agentCount, organization, organizationName }: ContactsNavProps) {
  const { t } = useTranslation();
  const item = (value: ContactsFilter, label: string, extra?: ReactNode) => (
    <li>
      <button
        type="button"
        className="people-nav__item"
        aria-pressed={filter === value}
        onClick={() => onFilter(value)}
        data-testid={`contacts-filter-${value}`}
      >
        <span className="people-nav__label">{label}</span>
        {extra}
      </button>
    </li>
  );
  return (
    <nav className="people-nav" aria-label={t("people.contacts.viewsLabel")}>
      <ul className="people-nav__list">
        {item("all", t("people.contacts.views.all"))}
        {item("human", t("people.contacts.views.human"))}
        {item("agent", t("people.contacts.views.agent", { count: agentCount }))}
        {item(
          "organization",
          t("people.contacts.views.organization"),
          <span className="people-nav__meta">
            <span className="people-nav__org">{organizationName}</span>
            {organization && t("people.contacts.membersCount", { count: organization.memberCount })}
            {organization && (
              <span className={`badge people-tag people-tag--${organization.organizationType}`}>
                {t(`people.contacts.orgTags.${organization.organizationType}`)}
              </span>
            )}
          </span>,
        )}
      </ul>
    </nav>
  );
}
