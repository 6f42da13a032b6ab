import { useTranslation } from "react-i18next";

/** The main area when no chat is selected (spec 02 §2.4). */
export function WelcomeScreen() {
  const { t } = useTranslation();
  return (
    <section className="welcome" data-testid="welcome-screen" aria-labelledby="welcome-title">
      <svg className="welcome__icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
        <path
          d="M8 10a4 4 0 0 1 4-4h24a4 4 0 0 1 4 4v18a4 4 0 0 1-4 4H20l-8 7v-7a4 4 0 0 1-4-4z"
          fill="var(--color-primary-soft)"
          stroke="var(--color-primary)"
          strokeWidth="2"
          strokeLinejoin="round"
        />
        <circle cx="17" cy="19" r="2" fill="var(--color-primary)" />
        <circle cx="24" cy="19" r="2" fill="var(--color-primary)" />
        <circle cx="31" cy="19" r="2" fill="var(--color-primary)" />
      </svg>
      <h1 id="welcome-title" className="welcome__title">
        {t("shell.welcomeTitle")}
      </h1>
      <p className="welcome__body">{t("shell.welcomeBody")}</p>
    </section>
  );
}
