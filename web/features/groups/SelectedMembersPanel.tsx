import { useTranslation } from "react-i18next";
import { Avatar } from "../../ui/Avatar";
import type { Contact } from "./contacts";
import { CloseIcon } from "../../ui/icons";

/** The right-hand panel of the create-group dialog: who is picked, each with a remove button. */
export function SelectedMembersPanel({ selected, onRemove }: { selected: Contact[]; onRemove: (contact: Contact) => void }) {
  const { t } = useTranslation();
  return (
    <section className="picked" aria-labelledby="picked-title" data-testid="selected-members">
      <h3 id="picked-title" className="picked__title">
        {t("groups.create.selectedMembers", { count: selected.length })}
      </h3>
      {selected.length === 0 ? (
        <p className="picked__empty muted">{t("groups.create.selectMembersHint")}</p>
      ) : (
        <ul className="picked__list">
          {selected.map((contact) => (
            <li key={contact.id} className="picked__item" data-testid={`selected-member-${contact.id}`}>
              <Avatar name={contact.name} image={contact.image} size={26} />
              <span className="picked__name">{contact.name}</span>
              <button
                type="button"
                className="icon-btn"
                onClick={() => onRemove(contact)}
                aria-label={t("groups.create.removeSelected", { name: contact.name })}
                data-testid={`selected-member-remove-${contact.id}`}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
