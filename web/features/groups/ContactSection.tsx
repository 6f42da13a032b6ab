import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../ui/Avatar";
import type { Contact } from "./contacts";
import { ChevronDownIcon, ChevronRightIcon } from "../../ui/icons";

interface ContactSectionProps {
  title: string;
  hint?: string;
  contacts: Contact[];
  testIdPrefix: string;
  emptyText: string;
  isChecked: (contact: Contact) => boolean;
  onToggle: (contact: Contact) => void;
  /** Already in the chat: shown checked and not changeable. */
  isLocked?: (contact: Contact) => boolean;
  /** Cannot be added right now: greyed out, and picking it explains why (`blockedHint`). */
  isBlocked?: (contact: Contact) => boolean;
  blockedHint?: string;
}

/** A collapsible group of contacts with a checkbox each (create-group and add-members dialogs). */
export function ContactSection({ title, hint, contacts, testIdPrefix, emptyText, isChecked, onToggle, isLocked, isBlocked, blockedHint }: ContactSectionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const listId = useId();
  return (
    <section className="contact-section">
      <button type="button" className="contact-section__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
        {open ? <ChevronDownIcon className="contact-section__chevron" size={12} /> : <ChevronRightIcon className="contact-section__chevron" size={12} />}
        <span className="contact-section__title">
          {title} ({contacts.length})
        </span>
        {hint && <span className="contact-section__hint">{hint}</span>}
      </button>
      <ul id={listId} className="contact-section__list" hidden={!open}>
        {contacts.length === 0 && <li className="contact-section__empty muted">{emptyText}</li>}
        {contacts.map((contact) => {
          const locked = isLocked?.(contact) ?? false;
          const blocked = !locked && (isBlocked?.(contact) ?? false);
          const checked = locked || isChecked(contact);
          return (
            <li key={contact.id}>
              <label
                className={`contact-row${checked ? " contact-row--checked" : ""}${blocked ? " contact-row--blocked" : ""}${locked ? " contact-row--locked" : ""}`}
                data-testid={`${testIdPrefix}${contact.id}`}
                data-checked={checked ? "true" : "false"}
                data-blocked={blocked ? "true" : undefined}
                title={blocked ? blockedHint : undefined}
              >
                <input type="checkbox" className="contact-row__check" checked={checked} disabled={locked} onChange={() => onToggle(contact)} />
                <Avatar name={contact.name} image={contact.image} size={30} />
                <span className="contact-row__text">
                  <span className="contact-row__name">{contact.name}</span>
                  {(contact.email || contact.role) && (
                    <span className="contact-row__sub">{contact.type === "virtual_employee" ? contact.role : contact.email}</span>
                  )}
                </span>
                <span className={`badge badge--${contact.kind}`}>{t(`groups.badges.${contact.kind}`)}</span>
                {locked && <span className="sr-only">{t("groups.add.alreadyMember")}</span>}
                {blocked && blockedHint && <span className="sr-only">{blockedHint}</span>}
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
