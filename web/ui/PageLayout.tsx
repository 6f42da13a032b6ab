import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLangPath } from "../i18n/useLang";
import { LanguageSwitch } from "./LanguageSwitch";
import { BackIcon } from "./icons";

/** Standalone pages (pricing, usage, settings): a top bar back to the chats and a content column. */
export function PageLayout({ title, subtitle, children, testId }: { title: string; subtitle?: ReactNode; children: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  const to = useLangPath();
  return (
    <div className="page" data-testid={testId}>
      <header className="page__bar">
        <Link to={to("/home")} className="page__back">
          <BackIcon /> {t("common.backToHome")}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="page__content">
        <h1 className="page__title">{title}</h1>
        {subtitle && <p className="page__subtitle">{subtitle}</p>}
        {children}
      </main>
    </div>
  );
}
