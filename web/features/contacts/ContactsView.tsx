import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";

/** Placeholder for the Contacts screen (spec 01 §2) until the contacts feature lands. */
export function ContactsView({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="contacts-view" data-testid="contacts-view" aria-labelledby="contacts-title">
      <header className="contacts-view__header">
        <h1 id="contacts-title" className="contacts-view__title">
          {t("contacts.title")}
        </h1>
        <Button variant="ghost" size="sm" onClick={onClose} data-testid="contacts-close">
          {t("contacts.back")}
        </Button>
      </header>
      <div className="empty-state">
        <p className="empty-state__title">{t("contacts.placeholderTitle")}</p>
        <p className="empty-state__body">{t("contacts.placeholderBody")}</p>
      </div>
    </section>
  );
}
