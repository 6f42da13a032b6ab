import { useTranslation } from "react-i18next";
import { WelcomeIcon } from "../../ui/icons";

/** The main area when no chat is selected (spec 02 §2.4). */
export function WelcomeScreen() {
  const { t } = useTranslation();
  return (
    <section className="welcome" data-testid="welcome-screen" aria-labelledby="welcome-title">
      <WelcomeIcon className="welcome__icon" size={56} strokeWidth={1.5} color="var(--color-primary)" fill="var(--color-primary-soft)" />
      <h1 id="welcome-title" className="welcome__title">
        {t("shell.welcomeTitle")}
      </h1>
      <p className="welcome__body">{t("shell.welcomeBody")}</p>
    </section>
  );
}
